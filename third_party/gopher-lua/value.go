package lua

import (
	"context"
	"fmt"
	"os"
)

type LValueType int

const (
	LTNil LValueType = iota
	LTBool
	LTNumber
	LTString
	LTFunction
	LTUserData
	LTThread
	LTTable
	LTChannel
)

var lValueNames = [9]string{"nil", "boolean", "number", "string", "function", "userdata", "thread", "table", "channel"}

func (vt LValueType) String() string {
	return lValueNames[int(vt)]
}

type LValue interface {
	String() string
	Type() LValueType
}

// LVIsFalse returns true if a given LValue is a nil or false otherwise false.
func LVIsFalse(v LValue) bool { return v == LNil || v == LFalse }

// LVIsFalse returns false if a given LValue is a nil or false otherwise true.
func LVAsBool(v LValue) bool { return v != LNil && v != LFalse }

// LVAsString returns string representation of a given LValue
// if the LValue is a string or number, otherwise an empty string.
func LVAsString(v LValue) string {
	switch sn := v.(type) {
	case LString, LNumber:
		return sn.String()
	default:
		return ""
	}
}

// LVCanConvToString returns true if a given LValue is a string or number
// otherwise false.
func LVCanConvToString(v LValue) bool {
	switch v.(type) {
	case LString, LNumber:
		return true
	default:
		return false
	}
}

// LVAsNumber tries to convert a given LValue to a number.
func LVAsNumber(v LValue) LNumber {
	switch lv := v.(type) {
	case LNumber:
		return lv
	case LString:
		if num, err := parseNumber(string(lv)); err == nil {
			return num
		}
	}
	return LNumber(0)
}

type LNilType struct{}

func (nl *LNilType) String() string   { return "nil" }
func (nl *LNilType) Type() LValueType { return LTNil }

var LNil = LValue(&LNilType{})

type LBool bool

func (bl LBool) String() string {
	if bool(bl) {
		return "true"
	}
	return "false"
}
func (bl LBool) Type() LValueType { return LTBool }

var LTrue = LBool(true)
var LFalse = LBool(false)

type LString string

func (st LString) String() string   { return string(st) }
func (st LString) Type() LValueType { return LTString }

// fmt.Formatter interface
func (st LString) Format(f fmt.State, c rune) {
	switch c {
	case 'd', 'i':
		if nm, err := parseNumber(string(st)); err != nil {
			defaultFormat(nm, f, 'd')
		} else {
			defaultFormat(string(st), f, 's')
		}
	default:
		defaultFormat(string(st), f, c)
	}
}

func (nm LNumber) String() string {
	// locksim: Lua 5.1 converts numbers with "%.14g" (LUAI_NUMFMT, luaconf.h)
	return lua51NumberString(float64(nm))
}

func (nm LNumber) Type() LValueType { return LTNumber }

// fmt.Formatter interface
func (nm LNumber) Format(f fmt.State, c rune) {
	switch c {
	case 'q', 's':
		defaultFormat(nm.String(), f, c)
	case 'b', 'c', 'd', 'o', 'x', 'X', 'U':
		defaultFormat(int64(nm), f, c)
	case 'e', 'E', 'f', 'F', 'g', 'G':
		defaultFormat(float64(nm), f, c)
	case 'i':
		defaultFormat(int64(nm), f, 'd')
	default:
		if isInteger(nm) {
			defaultFormat(int64(nm), f, c)
		} else {
			defaultFormat(float64(nm), f, c)
		}
	}
}

type LTable struct {
	Metatable LValue

	array   []LValue
	dict    map[LValue]LValue
	strdict map[string]LValue
	keys    []LValue
	k2i     map[LValue]int

	// locksim: Redis's read-only tables (Lua51: SetReadOnly) and the sizes a
	// table constructor gave the table (Lua51ConstructorSizes)
	readonly  bool
	ctorSizes uint32
	// locksim: for a table with ctorSizes, when each integer key of the
	// array part was first set among the other keys (Lua51SetOrder)
	arrayOrder []lua51ArrayKey
	// locksim: counts the changes of strdict (RawSetString, Reset), so
	// that a cached lookup of a string key knows it still holds
	strver uint64
}

func (tb *LTable) String() string   { return fmt.Sprintf("table: %p", tb) }
func (tb *LTable) Type() LValueType { return LTTable }

type LFunction struct {
	IsG       bool
	Env       *LTable
	Proto     *FunctionProto
	GFunction LGFunction
	Upvalues  []*Upvalue
	// locksim: what each GETGLOBAL and GETTABLEKS instruction last found
	// (getFieldStringCached), by instruction index
	fieldCache []fieldCacheEntry
}
type LGFunction func(*LState) int

func (fn *LFunction) String() string   { return fmt.Sprintf("function: %p", fn) }
func (fn *LFunction) Type() LValueType { return LTFunction }

type Global struct {
	MainThread    *LState
	CurrentThread *LState
	Registry      *LTable
	Global        *LTable

	builtinMts map[int]LValue
	tempFiles  []*os.File
	gccount    int32

	// locksim: deterministic instruction budget shared by all the threads
	// (coroutines) of a state; see SetInstructionBudget.
	budgetOn   bool
	budgetLeft int64

	// locksim: statement coverage (SetCoverage).
	coverage func(proto *FunctionProto, pc int)
	// locksim: bytes of strings that concatenation and string.rep may still
	// build; see SetStringBudget.
	memOn   bool
	memLeft int64
	// locksim: the order next visits a table's keys in, when the host
	// gives one (SetLua51NextOrder), and the orders made so far.
	nextOrder func(*LTable) []LValue
	nextCache map[*LTable]*lua51Order
	// locksim: # of a table that is not a sequence, when the host gives
	// it (SetLua51Border).
	border func(*LTable) int
	// locksim: the addresses tostring has shown, by value (lua51Address)
	addrs map[LValue]uint64
}

type LState struct {
	G       *Global
	Parent  *LState
	Env     *LTable
	Panic   func(*LState)
	Dead    bool
	Options Options

	stop         int32
	reg          *registry
	stack        callFrameStack
	alloc        *allocator
	currentFrame *callFrame
	wrapped      bool
	uvcache      *Upvalue
	hasErrorFunc bool
	// locksim: L->nCcalls - L->baseCcalls, the nested calls (callR) since
	// the thread was resumed, which coroutine.yield cannot cross
	lua51Nest   int
	mainLoop    func(*LState, *callFrame)
	ctx         context.Context
	ctxCancelFn context.CancelFunc
}

func (ls *LState) String() string   { return fmt.Sprintf("thread: %p", ls) }
func (ls *LState) Type() LValueType { return LTThread }

type LUserData struct {
	Value     interface{}
	Env       *LTable
	Metatable LValue
}

func (ud *LUserData) String() string {
	// locksim: a value standing for a C light userdata (lua-cjson's
	// cjson.null, a NULL pointer) prints as Lua 5.1 prints that pointer
	if s, ok := ud.Value.(interface{ Lua51String() string }); ok {
		return s.Lua51String()
	}
	return fmt.Sprintf("userdata: %p", ud)
}
func (ud *LUserData) Type() LValueType { return LTUserData }

type LChannel chan LValue

func (ch LChannel) String() string   { return fmt.Sprintf("channel: %p", ch) }
func (ch LChannel) Type() LValueType { return LTChannel }
