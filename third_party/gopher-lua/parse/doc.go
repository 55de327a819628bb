// Package parse reads Lua 5.1 source into the syntax tree the compiler
// takes. Its lexer and parser are ports of llex.c and lparser.c of Lua
// 5.1.5 as Redis 7.0.15 runs it (deps/lua with LUA_COMPAT_VARARG; a nested
// [[ in a long string is not refused, as that server does not): the same
// chunks compile, the same ones are refused, and a refusal reads as Lua
// words it ("user_script:1: '=' expected near 'x'"). Code generation stays the compiler's; the parser keeps only what
// lparser.c's checks need (blocks, active locals, upvalues, nesting).
package parse
