// Package lualib gives the simulated store's scripts the C libraries Redis
// 7.0 loads into every Lua script, written in Go for gopher-lua and
// matching Redis 7.0.15's builds byte for byte, error texts included:
//
//   - cjson: lua-cjson 2.1.0 with Redis's changes (lua_cjson.c, fpconv.c,
//     strbuf.c): encode, decode, null, new and the configuration functions
//     (encode_sparse_array, encode_max_depth, decode_max_depth,
//     encode_number_precision, encode_keep_buffer, encode_invalid_numbers,
//     decode_invalid_numbers), whose settings persist across scripts
//     ([State]);
//   - cmsgpack: lua-cmsgpack 0.4.0 (lua_cmsgpack.c): pack, unpack,
//     unpack_one, unpack_limit;
//   - bit: LuaBitOp 1.0.2 (lua_bit.c): tobit, tohex, bnot, band, bor, bxor,
//     lshift, rshift, arshift, rol, ror, bswap;
//   - struct: struct 0.2 (lua_struct.c): pack, unpack, size.
//
// # Fidelity
//
// The libraries are ports of the C sources, down to what the C code does
// on x86-64 where C leaves it open: casts of out-of-range doubles to
// integers (cvttsd2si), shifts by 64 or more, the Lua stack limit of a C
// function (LUAI_MAXCSTACK, which bounds nesting and result counts),
// strings ending at their first NUL byte where the C code reads a C
// string, glibc's strtod and printf("%.14g"). Argument errors read like
// lauxlib.c's ("bad argument #1 to 'encode' (expected 1 argument)", the
// function named as the calling script named it), through the gopher-lua
// fork's Lua51ArgError.
//
// Objects and maps (cjson.encode, cmsgpack.pack) come out in Lua 5.1's
// lua_next order, which [NextOrder] reproduces by replaying a table's keys
// into a model of ltable.c (with Redis's string hash); the tables
// cmsgpack.unpack builds are replayed from their recorded [History]. See
// NextOrder for the tables whose history cannot be known: keys set to nil,
// integer keys set among string keys (other than in the orders it
// assumes), tables, functions and userdata as keys.
//
// Opening the libraries costs an engine a few tables once; a script that
// does not call them pays nothing.
//
// It imports nothing of this project.
package lualib
