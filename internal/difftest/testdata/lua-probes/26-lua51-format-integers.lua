return {pcall(string.format, '|%3.0d|', 0)}
return {pcall(string.format, '|%3.0d|', -0.0)}
return {pcall(string.format, '|%3.0d|', 1e-5)}
return {pcall(string.format, '|%3.0d|', 7)}
return {pcall(string.format, '|%3.0i|', 0)}
return {pcall(string.format, '|%3.0i|', -0.0)}
return {pcall(string.format, '|%3.0i|', 1e-5)}
return {pcall(string.format, '|%3.0i|', 7)}
return {pcall(string.format, '|%3.0o|', 0)}
return {pcall(string.format, '|%3.0o|', -0.0)}
return {pcall(string.format, '|%3.0o|', 1e-5)}
return {pcall(string.format, '|%3.0o|', 7)}
return {pcall(string.format, '|%3.0x|', 0)}
return {pcall(string.format, '|%3.0x|', -0.0)}
return {pcall(string.format, '|%3.0x|', 1e-5)}
return {pcall(string.format, '|%3.0x|', 7)}
return {pcall(string.format, '|%3.0X|', 0)}
return {pcall(string.format, '|%3.0X|', -0.0)}
return {pcall(string.format, '|%3.0X|', 1e-5)}
return {pcall(string.format, '|%3.0X|', 7)}
return {pcall(string.format, '|%3.0u|', 0)}
return {pcall(string.format, '|%3.0u|', -0.0)}
return {pcall(string.format, '|%3.0u|', 1e-5)}
return {pcall(string.format, '|%3.0u|', 7)}
return {pcall(string.format, '|%3.d|', 0)}
return {pcall(string.format, '|%3.d|', -0.0)}
return {pcall(string.format, '|%3.d|', 1e-5)}
return {pcall(string.format, '|%3.d|', 7)}
return {pcall(string.format, '|%3.i|', 0)}
return {pcall(string.format, '|%3.i|', -0.0)}
return {pcall(string.format, '|%3.i|', 1e-5)}
return {pcall(string.format, '|%3.i|', 7)}
return {pcall(string.format, '|%3.o|', 0)}
return {pcall(string.format, '|%3.o|', -0.0)}
return {pcall(string.format, '|%3.o|', 1e-5)}
return {pcall(string.format, '|%3.o|', 7)}
return {pcall(string.format, '|%3.x|', 0)}
return {pcall(string.format, '|%3.x|', -0.0)}
return {pcall(string.format, '|%3.x|', 1e-5)}
return {pcall(string.format, '|%3.x|', 7)}
return {pcall(string.format, '|%3.X|', 0)}
return {pcall(string.format, '|%3.X|', -0.0)}
return {pcall(string.format, '|%3.X|', 1e-5)}
return {pcall(string.format, '|%3.X|', 7)}
return {pcall(string.format, '|%3.u|', 0)}
return {pcall(string.format, '|%3.u|', -0.0)}
return {pcall(string.format, '|%3.u|', 1e-5)}
return {pcall(string.format, '|%3.u|', 7)}
return {pcall(string.format, '|%3d|', 0)}
return {pcall(string.format, '|%3d|', -0.0)}
return {pcall(string.format, '|%3d|', 1e-5)}
return {pcall(string.format, '|%3d|', 7)}
return {pcall(string.format, '|%3i|', 0)}
return {pcall(string.format, '|%3i|', -0.0)}
return {pcall(string.format, '|%3i|', 1e-5)}
return {pcall(string.format, '|%3i|', 7)}
return {pcall(string.format, '|%3o|', 0)}
return {pcall(string.format, '|%3o|', -0.0)}
return {pcall(string.format, '|%3o|', 1e-5)}
return {pcall(string.format, '|%3o|', 7)}
return {pcall(string.format, '|%3x|', 0)}
return {pcall(string.format, '|%3x|', -0.0)}
return {pcall(string.format, '|%3x|', 1e-5)}
return {pcall(string.format, '|%3x|', 7)}
return {pcall(string.format, '|%3X|', 0)}
return {pcall(string.format, '|%3X|', -0.0)}
return {pcall(string.format, '|%3X|', 1e-5)}
return {pcall(string.format, '|%3X|', 7)}
return {pcall(string.format, '|%3u|', 0)}
return {pcall(string.format, '|%3u|', -0.0)}
return {pcall(string.format, '|%3u|', 1e-5)}
return {pcall(string.format, '|%3u|', 7)}
return {pcall(string.format, '|%-3.0d|', 0)}
return {pcall(string.format, '|%-3.0d|', -0.0)}
return {pcall(string.format, '|%-3.0d|', 1e-5)}
return {pcall(string.format, '|%-3.0d|', 7)}
return {pcall(string.format, '|%-3.0i|', 0)}
return {pcall(string.format, '|%-3.0i|', -0.0)}
return {pcall(string.format, '|%-3.0i|', 1e-5)}
return {pcall(string.format, '|%-3.0i|', 7)}
return {pcall(string.format, '|%-3.0o|', 0)}
return {pcall(string.format, '|%-3.0o|', -0.0)}
return {pcall(string.format, '|%-3.0o|', 1e-5)}
return {pcall(string.format, '|%-3.0o|', 7)}
return {pcall(string.format, '|%-3.0x|', 0)}
return {pcall(string.format, '|%-3.0x|', -0.0)}
return {pcall(string.format, '|%-3.0x|', 1e-5)}
return {pcall(string.format, '|%-3.0x|', 7)}
return {pcall(string.format, '|%-3.0X|', 0)}
return {pcall(string.format, '|%-3.0X|', -0.0)}
return {pcall(string.format, '|%-3.0X|', 1e-5)}
return {pcall(string.format, '|%-3.0X|', 7)}
return {pcall(string.format, '|%-3.0u|', 0)}
return {pcall(string.format, '|%-3.0u|', -0.0)}
return {pcall(string.format, '|%-3.0u|', 1e-5)}
return {pcall(string.format, '|%-3.0u|', 7)}
return {pcall(string.format, '|%-3.d|', 0)}
return {pcall(string.format, '|%-3.d|', -0.0)}
return {pcall(string.format, '|%-3.d|', 1e-5)}
return {pcall(string.format, '|%-3.d|', 7)}
return {pcall(string.format, '|%-3.i|', 0)}
return {pcall(string.format, '|%-3.i|', -0.0)}
return {pcall(string.format, '|%-3.i|', 1e-5)}
return {pcall(string.format, '|%-3.i|', 7)}
return {pcall(string.format, '|%-3.o|', 0)}
return {pcall(string.format, '|%-3.o|', -0.0)}
return {pcall(string.format, '|%-3.o|', 1e-5)}
return {pcall(string.format, '|%-3.o|', 7)}
return {pcall(string.format, '|%-3.x|', 0)}
return {pcall(string.format, '|%-3.x|', -0.0)}
return {pcall(string.format, '|%-3.x|', 1e-5)}
return {pcall(string.format, '|%-3.x|', 7)}
return {pcall(string.format, '|%-3.X|', 0)}
return {pcall(string.format, '|%-3.X|', -0.0)}
return {pcall(string.format, '|%-3.X|', 1e-5)}
return {pcall(string.format, '|%-3.X|', 7)}
return {pcall(string.format, '|%-3.u|', 0)}
return {pcall(string.format, '|%-3.u|', -0.0)}
return {pcall(string.format, '|%-3.u|', 1e-5)}
return {pcall(string.format, '|%-3.u|', 7)}
return {pcall(string.format, '|%-3d|', 0)}
return {pcall(string.format, '|%-3d|', -0.0)}
return {pcall(string.format, '|%-3d|', 1e-5)}
return {pcall(string.format, '|%-3d|', 7)}
return {pcall(string.format, '|%-3i|', 0)}
return {pcall(string.format, '|%-3i|', -0.0)}
return {pcall(string.format, '|%-3i|', 1e-5)}
return {pcall(string.format, '|%-3i|', 7)}
return {pcall(string.format, '|%-3o|', 0)}
return {pcall(string.format, '|%-3o|', -0.0)}
return {pcall(string.format, '|%-3o|', 1e-5)}
return {pcall(string.format, '|%-3o|', 7)}
return {pcall(string.format, '|%-3x|', 0)}
return {pcall(string.format, '|%-3x|', -0.0)}
return {pcall(string.format, '|%-3x|', 1e-5)}
return {pcall(string.format, '|%-3x|', 7)}
return {pcall(string.format, '|%-3X|', 0)}
return {pcall(string.format, '|%-3X|', -0.0)}
return {pcall(string.format, '|%-3X|', 1e-5)}
return {pcall(string.format, '|%-3X|', 7)}
return {pcall(string.format, '|%-3u|', 0)}
return {pcall(string.format, '|%-3u|', -0.0)}
return {pcall(string.format, '|%-3u|', 1e-5)}
return {pcall(string.format, '|%-3u|', 7)}
return {pcall(string.format, '|%+3.0d|', 0)}
return {pcall(string.format, '|%+3.0d|', -0.0)}
return {pcall(string.format, '|%+3.0d|', 1e-5)}
return {pcall(string.format, '|%+3.0d|', 7)}
return {pcall(string.format, '|%+3.0i|', 0)}
return {pcall(string.format, '|%+3.0i|', -0.0)}
return {pcall(string.format, '|%+3.0i|', 1e-5)}
return {pcall(string.format, '|%+3.0i|', 7)}
return {pcall(string.format, '|%+3.0o|', 0)}
return {pcall(string.format, '|%+3.0o|', -0.0)}
return {pcall(string.format, '|%+3.0o|', 1e-5)}
return {pcall(string.format, '|%+3.0o|', 7)}
return {pcall(string.format, '|%+3.0x|', 0)}
return {pcall(string.format, '|%+3.0x|', -0.0)}
return {pcall(string.format, '|%+3.0x|', 1e-5)}
return {pcall(string.format, '|%+3.0x|', 7)}
return {pcall(string.format, '|%+3.0X|', 0)}
return {pcall(string.format, '|%+3.0X|', -0.0)}
return {pcall(string.format, '|%+3.0X|', 1e-5)}
return {pcall(string.format, '|%+3.0X|', 7)}
return {pcall(string.format, '|%+3.0u|', 0)}
return {pcall(string.format, '|%+3.0u|', -0.0)}
return {pcall(string.format, '|%+3.0u|', 1e-5)}
return {pcall(string.format, '|%+3.0u|', 7)}
return {pcall(string.format, '|%+3.d|', 0)}
return {pcall(string.format, '|%+3.d|', -0.0)}
return {pcall(string.format, '|%+3.d|', 1e-5)}
return {pcall(string.format, '|%+3.d|', 7)}
return {pcall(string.format, '|%+3.i|', 0)}
return {pcall(string.format, '|%+3.i|', -0.0)}
return {pcall(string.format, '|%+3.i|', 1e-5)}
return {pcall(string.format, '|%+3.i|', 7)}
return {pcall(string.format, '|%+3.o|', 0)}
return {pcall(string.format, '|%+3.o|', -0.0)}
return {pcall(string.format, '|%+3.o|', 1e-5)}
return {pcall(string.format, '|%+3.o|', 7)}
return {pcall(string.format, '|%+3.x|', 0)}
return {pcall(string.format, '|%+3.x|', -0.0)}
return {pcall(string.format, '|%+3.x|', 1e-5)}
return {pcall(string.format, '|%+3.x|', 7)}
return {pcall(string.format, '|%+3.X|', 0)}
return {pcall(string.format, '|%+3.X|', -0.0)}
return {pcall(string.format, '|%+3.X|', 1e-5)}
return {pcall(string.format, '|%+3.X|', 7)}
return {pcall(string.format, '|%+3.u|', 0)}
return {pcall(string.format, '|%+3.u|', -0.0)}
return {pcall(string.format, '|%+3.u|', 1e-5)}
return {pcall(string.format, '|%+3.u|', 7)}
return {pcall(string.format, '|%+3d|', 0)}
return {pcall(string.format, '|%+3d|', -0.0)}
return {pcall(string.format, '|%+3d|', 1e-5)}
return {pcall(string.format, '|%+3d|', 7)}
return {pcall(string.format, '|%+3i|', 0)}
return {pcall(string.format, '|%+3i|', -0.0)}
return {pcall(string.format, '|%+3i|', 1e-5)}
return {pcall(string.format, '|%+3i|', 7)}
return {pcall(string.format, '|%+3o|', 0)}
return {pcall(string.format, '|%+3o|', -0.0)}
return {pcall(string.format, '|%+3o|', 1e-5)}
return {pcall(string.format, '|%+3o|', 7)}
return {pcall(string.format, '|%+3x|', 0)}
return {pcall(string.format, '|%+3x|', -0.0)}
return {pcall(string.format, '|%+3x|', 1e-5)}
return {pcall(string.format, '|%+3x|', 7)}
return {pcall(string.format, '|%+3X|', 0)}
return {pcall(string.format, '|%+3X|', -0.0)}
return {pcall(string.format, '|%+3X|', 1e-5)}
return {pcall(string.format, '|%+3X|', 7)}
return {pcall(string.format, '|%+3u|', 0)}
return {pcall(string.format, '|%+3u|', -0.0)}
return {pcall(string.format, '|%+3u|', 1e-5)}
return {pcall(string.format, '|%+3u|', 7)}
return {pcall(string.format, '|% 3.0d|', 0)}
return {pcall(string.format, '|% 3.0d|', -0.0)}
return {pcall(string.format, '|% 3.0d|', 1e-5)}
return {pcall(string.format, '|% 3.0d|', 7)}
return {pcall(string.format, '|% 3.0i|', 0)}
return {pcall(string.format, '|% 3.0i|', -0.0)}
return {pcall(string.format, '|% 3.0i|', 1e-5)}
return {pcall(string.format, '|% 3.0i|', 7)}
return {pcall(string.format, '|% 3.0o|', 0)}
return {pcall(string.format, '|% 3.0o|', -0.0)}
return {pcall(string.format, '|% 3.0o|', 1e-5)}
return {pcall(string.format, '|% 3.0o|', 7)}
return {pcall(string.format, '|% 3.0x|', 0)}
return {pcall(string.format, '|% 3.0x|', -0.0)}
return {pcall(string.format, '|% 3.0x|', 1e-5)}
return {pcall(string.format, '|% 3.0x|', 7)}
return {pcall(string.format, '|% 3.0X|', 0)}
return {pcall(string.format, '|% 3.0X|', -0.0)}
return {pcall(string.format, '|% 3.0X|', 1e-5)}
return {pcall(string.format, '|% 3.0X|', 7)}
return {pcall(string.format, '|% 3.0u|', 0)}
return {pcall(string.format, '|% 3.0u|', -0.0)}
return {pcall(string.format, '|% 3.0u|', 1e-5)}
return {pcall(string.format, '|% 3.0u|', 7)}
return {pcall(string.format, '|% 3.d|', 0)}
return {pcall(string.format, '|% 3.d|', -0.0)}
return {pcall(string.format, '|% 3.d|', 1e-5)}
return {pcall(string.format, '|% 3.d|', 7)}
return {pcall(string.format, '|% 3.i|', 0)}
return {pcall(string.format, '|% 3.i|', -0.0)}
return {pcall(string.format, '|% 3.i|', 1e-5)}
return {pcall(string.format, '|% 3.i|', 7)}
return {pcall(string.format, '|% 3.o|', 0)}
return {pcall(string.format, '|% 3.o|', -0.0)}
return {pcall(string.format, '|% 3.o|', 1e-5)}
return {pcall(string.format, '|% 3.o|', 7)}
return {pcall(string.format, '|% 3.x|', 0)}
return {pcall(string.format, '|% 3.x|', -0.0)}
return {pcall(string.format, '|% 3.x|', 1e-5)}
return {pcall(string.format, '|% 3.x|', 7)}
return {pcall(string.format, '|% 3.X|', 0)}
return {pcall(string.format, '|% 3.X|', -0.0)}
return {pcall(string.format, '|% 3.X|', 1e-5)}
return {pcall(string.format, '|% 3.X|', 7)}
return {pcall(string.format, '|% 3.u|', 0)}
return {pcall(string.format, '|% 3.u|', -0.0)}
return {pcall(string.format, '|% 3.u|', 1e-5)}
return {pcall(string.format, '|% 3.u|', 7)}
return {pcall(string.format, '|% 3d|', 0)}
return {pcall(string.format, '|% 3d|', -0.0)}
return {pcall(string.format, '|% 3d|', 1e-5)}
return {pcall(string.format, '|% 3d|', 7)}
return {pcall(string.format, '|% 3i|', 0)}
return {pcall(string.format, '|% 3i|', -0.0)}
return {pcall(string.format, '|% 3i|', 1e-5)}
return {pcall(string.format, '|% 3i|', 7)}
return {pcall(string.format, '|% 3o|', 0)}
return {pcall(string.format, '|% 3o|', -0.0)}
return {pcall(string.format, '|% 3o|', 1e-5)}
return {pcall(string.format, '|% 3o|', 7)}
return {pcall(string.format, '|% 3x|', 0)}
return {pcall(string.format, '|% 3x|', -0.0)}
return {pcall(string.format, '|% 3x|', 1e-5)}
return {pcall(string.format, '|% 3x|', 7)}
return {pcall(string.format, '|% 3X|', 0)}
return {pcall(string.format, '|% 3X|', -0.0)}
return {pcall(string.format, '|% 3X|', 1e-5)}
return {pcall(string.format, '|% 3X|', 7)}
return {pcall(string.format, '|% 3u|', 0)}
return {pcall(string.format, '|% 3u|', -0.0)}
return {pcall(string.format, '|% 3u|', 1e-5)}
return {pcall(string.format, '|% 3u|', 7)}
return {pcall(string.format, '|%#3.0d|', 0)}
return {pcall(string.format, '|%#3.0d|', -0.0)}
return {pcall(string.format, '|%#3.0d|', 1e-5)}
return {pcall(string.format, '|%#3.0d|', 7)}
return {pcall(string.format, '|%#3.0i|', 0)}
return {pcall(string.format, '|%#3.0i|', -0.0)}
return {pcall(string.format, '|%#3.0i|', 1e-5)}
return {pcall(string.format, '|%#3.0i|', 7)}
return {pcall(string.format, '|%#3.0o|', 0)}
return {pcall(string.format, '|%#3.0o|', -0.0)}
return {pcall(string.format, '|%#3.0o|', 1e-5)}
return {pcall(string.format, '|%#3.0o|', 7)}
return {pcall(string.format, '|%#3.0x|', 0)}
return {pcall(string.format, '|%#3.0x|', -0.0)}
return {pcall(string.format, '|%#3.0x|', 1e-5)}
return {pcall(string.format, '|%#3.0x|', 7)}
return {pcall(string.format, '|%#3.0X|', 0)}
return {pcall(string.format, '|%#3.0X|', -0.0)}
return {pcall(string.format, '|%#3.0X|', 1e-5)}
return {pcall(string.format, '|%#3.0X|', 7)}
return {pcall(string.format, '|%#3.0u|', 0)}
return {pcall(string.format, '|%#3.0u|', -0.0)}
return {pcall(string.format, '|%#3.0u|', 1e-5)}
return {pcall(string.format, '|%#3.0u|', 7)}
return {pcall(string.format, '|%#3.d|', 0)}
return {pcall(string.format, '|%#3.d|', -0.0)}
return {pcall(string.format, '|%#3.d|', 1e-5)}
return {pcall(string.format, '|%#3.d|', 7)}
return {pcall(string.format, '|%#3.i|', 0)}
return {pcall(string.format, '|%#3.i|', -0.0)}
return {pcall(string.format, '|%#3.i|', 1e-5)}
return {pcall(string.format, '|%#3.i|', 7)}
return {pcall(string.format, '|%#3.o|', 0)}
return {pcall(string.format, '|%#3.o|', -0.0)}
return {pcall(string.format, '|%#3.o|', 1e-5)}
return {pcall(string.format, '|%#3.o|', 7)}
return {pcall(string.format, '|%#3.x|', 0)}
return {pcall(string.format, '|%#3.x|', -0.0)}
return {pcall(string.format, '|%#3.x|', 1e-5)}
return {pcall(string.format, '|%#3.x|', 7)}
return {pcall(string.format, '|%#3.X|', 0)}
return {pcall(string.format, '|%#3.X|', -0.0)}
return {pcall(string.format, '|%#3.X|', 1e-5)}
return {pcall(string.format, '|%#3.X|', 7)}
return {pcall(string.format, '|%#3.u|', 0)}
return {pcall(string.format, '|%#3.u|', -0.0)}
return {pcall(string.format, '|%#3.u|', 1e-5)}
return {pcall(string.format, '|%#3.u|', 7)}
return {pcall(string.format, '|%#3d|', 0)}
return {pcall(string.format, '|%#3d|', -0.0)}
return {pcall(string.format, '|%#3d|', 1e-5)}
return {pcall(string.format, '|%#3d|', 7)}
return {pcall(string.format, '|%#3i|', 0)}
return {pcall(string.format, '|%#3i|', -0.0)}
return {pcall(string.format, '|%#3i|', 1e-5)}
return {pcall(string.format, '|%#3i|', 7)}
return {pcall(string.format, '|%#3o|', 0)}
return {pcall(string.format, '|%#3o|', -0.0)}
return {pcall(string.format, '|%#3o|', 1e-5)}
return {pcall(string.format, '|%#3o|', 7)}
return {pcall(string.format, '|%#3x|', 0)}
return {pcall(string.format, '|%#3x|', -0.0)}
return {pcall(string.format, '|%#3x|', 1e-5)}
return {pcall(string.format, '|%#3x|', 7)}
return {pcall(string.format, '|%#3X|', 0)}
return {pcall(string.format, '|%#3X|', -0.0)}
return {pcall(string.format, '|%#3X|', 1e-5)}
return {pcall(string.format, '|%#3X|', 7)}
return {pcall(string.format, '|%#3u|', 0)}
return {pcall(string.format, '|%#3u|', -0.0)}
return {pcall(string.format, '|%#3u|', 1e-5)}
return {pcall(string.format, '|%#3u|', 7)}
return {pcall(string.format, '|%03.0d|', 0)}
return {pcall(string.format, '|%03.0d|', -0.0)}
return {pcall(string.format, '|%03.0d|', 1e-5)}
return {pcall(string.format, '|%03.0d|', 7)}
return {pcall(string.format, '|%03.0i|', 0)}
return {pcall(string.format, '|%03.0i|', -0.0)}
return {pcall(string.format, '|%03.0i|', 1e-5)}
return {pcall(string.format, '|%03.0i|', 7)}
return {pcall(string.format, '|%03.0o|', 0)}
return {pcall(string.format, '|%03.0o|', -0.0)}
return {pcall(string.format, '|%03.0o|', 1e-5)}
return {pcall(string.format, '|%03.0o|', 7)}
return {pcall(string.format, '|%03.0x|', 0)}
return {pcall(string.format, '|%03.0x|', -0.0)}
return {pcall(string.format, '|%03.0x|', 1e-5)}
return {pcall(string.format, '|%03.0x|', 7)}
return {pcall(string.format, '|%03.0X|', 0)}
return {pcall(string.format, '|%03.0X|', -0.0)}
return {pcall(string.format, '|%03.0X|', 1e-5)}
return {pcall(string.format, '|%03.0X|', 7)}
return {pcall(string.format, '|%03.0u|', 0)}
return {pcall(string.format, '|%03.0u|', -0.0)}
return {pcall(string.format, '|%03.0u|', 1e-5)}
return {pcall(string.format, '|%03.0u|', 7)}
return {pcall(string.format, '|%03.d|', 0)}
return {pcall(string.format, '|%03.d|', -0.0)}
return {pcall(string.format, '|%03.d|', 1e-5)}
return {pcall(string.format, '|%03.d|', 7)}
return {pcall(string.format, '|%03.i|', 0)}
return {pcall(string.format, '|%03.i|', -0.0)}
return {pcall(string.format, '|%03.i|', 1e-5)}
return {pcall(string.format, '|%03.i|', 7)}
return {pcall(string.format, '|%03.o|', 0)}
return {pcall(string.format, '|%03.o|', -0.0)}
return {pcall(string.format, '|%03.o|', 1e-5)}
return {pcall(string.format, '|%03.o|', 7)}
return {pcall(string.format, '|%03.x|', 0)}
return {pcall(string.format, '|%03.x|', -0.0)}
return {pcall(string.format, '|%03.x|', 1e-5)}
return {pcall(string.format, '|%03.x|', 7)}
return {pcall(string.format, '|%03.X|', 0)}
return {pcall(string.format, '|%03.X|', -0.0)}
return {pcall(string.format, '|%03.X|', 1e-5)}
return {pcall(string.format, '|%03.X|', 7)}
return {pcall(string.format, '|%03.u|', 0)}
return {pcall(string.format, '|%03.u|', -0.0)}
return {pcall(string.format, '|%03.u|', 1e-5)}
return {pcall(string.format, '|%03.u|', 7)}
return {pcall(string.format, '|%03d|', 0)}
return {pcall(string.format, '|%03d|', -0.0)}
return {pcall(string.format, '|%03d|', 1e-5)}
return {pcall(string.format, '|%03d|', 7)}
return {pcall(string.format, '|%03i|', 0)}
return {pcall(string.format, '|%03i|', -0.0)}
return {pcall(string.format, '|%03i|', 1e-5)}
return {pcall(string.format, '|%03i|', 7)}
return {pcall(string.format, '|%03o|', 0)}
return {pcall(string.format, '|%03o|', -0.0)}
return {pcall(string.format, '|%03o|', 1e-5)}
return {pcall(string.format, '|%03o|', 7)}
return {pcall(string.format, '|%03x|', 0)}
return {pcall(string.format, '|%03x|', -0.0)}
return {pcall(string.format, '|%03x|', 1e-5)}
return {pcall(string.format, '|%03x|', 7)}
return {pcall(string.format, '|%03X|', 0)}
return {pcall(string.format, '|%03X|', -0.0)}
return {pcall(string.format, '|%03X|', 1e-5)}
return {pcall(string.format, '|%03X|', 7)}
return {pcall(string.format, '|%03u|', 0)}
return {pcall(string.format, '|%03u|', -0.0)}
return {pcall(string.format, '|%03u|', 1e-5)}
return {pcall(string.format, '|%03u|', 7)}
return {pcall(string.format, '|%-03.0d|', 0)}
return {pcall(string.format, '|%-03.0d|', -0.0)}
return {pcall(string.format, '|%-03.0d|', 1e-5)}
return {pcall(string.format, '|%-03.0d|', 7)}
return {pcall(string.format, '|%-03.0i|', 0)}
return {pcall(string.format, '|%-03.0i|', -0.0)}
return {pcall(string.format, '|%-03.0i|', 1e-5)}
return {pcall(string.format, '|%-03.0i|', 7)}
return {pcall(string.format, '|%-03.0o|', 0)}
return {pcall(string.format, '|%-03.0o|', -0.0)}
return {pcall(string.format, '|%-03.0o|', 1e-5)}
return {pcall(string.format, '|%-03.0o|', 7)}
return {pcall(string.format, '|%-03.0x|', 0)}
return {pcall(string.format, '|%-03.0x|', -0.0)}
return {pcall(string.format, '|%-03.0x|', 1e-5)}
return {pcall(string.format, '|%-03.0x|', 7)}
return {pcall(string.format, '|%-03.0X|', 0)}
return {pcall(string.format, '|%-03.0X|', -0.0)}
return {pcall(string.format, '|%-03.0X|', 1e-5)}
return {pcall(string.format, '|%-03.0X|', 7)}
return {pcall(string.format, '|%-03.0u|', 0)}
return {pcall(string.format, '|%-03.0u|', -0.0)}
return {pcall(string.format, '|%-03.0u|', 1e-5)}
return {pcall(string.format, '|%-03.0u|', 7)}
return {pcall(string.format, '|%-03.d|', 0)}
return {pcall(string.format, '|%-03.d|', -0.0)}
return {pcall(string.format, '|%-03.d|', 1e-5)}
return {pcall(string.format, '|%-03.d|', 7)}
return {pcall(string.format, '|%-03.i|', 0)}
return {pcall(string.format, '|%-03.i|', -0.0)}
return {pcall(string.format, '|%-03.i|', 1e-5)}
return {pcall(string.format, '|%-03.i|', 7)}
return {pcall(string.format, '|%-03.o|', 0)}
return {pcall(string.format, '|%-03.o|', -0.0)}
return {pcall(string.format, '|%-03.o|', 1e-5)}
return {pcall(string.format, '|%-03.o|', 7)}
return {pcall(string.format, '|%-03.x|', 0)}
return {pcall(string.format, '|%-03.x|', -0.0)}
return {pcall(string.format, '|%-03.x|', 1e-5)}
return {pcall(string.format, '|%-03.x|', 7)}
return {pcall(string.format, '|%-03.X|', 0)}
return {pcall(string.format, '|%-03.X|', -0.0)}
return {pcall(string.format, '|%-03.X|', 1e-5)}
return {pcall(string.format, '|%-03.X|', 7)}
return {pcall(string.format, '|%-03.u|', 0)}
return {pcall(string.format, '|%-03.u|', -0.0)}
return {pcall(string.format, '|%-03.u|', 1e-5)}
return {pcall(string.format, '|%-03.u|', 7)}
return {pcall(string.format, '|%-03d|', 0)}
return {pcall(string.format, '|%-03d|', -0.0)}
return {pcall(string.format, '|%-03d|', 1e-5)}
return {pcall(string.format, '|%-03d|', 7)}
return {pcall(string.format, '|%-03i|', 0)}
return {pcall(string.format, '|%-03i|', -0.0)}
return {pcall(string.format, '|%-03i|', 1e-5)}
return {pcall(string.format, '|%-03i|', 7)}
return {pcall(string.format, '|%-03o|', 0)}
return {pcall(string.format, '|%-03o|', -0.0)}
return {pcall(string.format, '|%-03o|', 1e-5)}
return {pcall(string.format, '|%-03o|', 7)}
return {pcall(string.format, '|%-03x|', 0)}
return {pcall(string.format, '|%-03x|', -0.0)}
return {pcall(string.format, '|%-03x|', 1e-5)}
return {pcall(string.format, '|%-03x|', 7)}
return {pcall(string.format, '|%-03X|', 0)}
return {pcall(string.format, '|%-03X|', -0.0)}
return {pcall(string.format, '|%-03X|', 1e-5)}
return {pcall(string.format, '|%-03X|', 7)}
return {pcall(string.format, '|%-03u|', 0)}
return {pcall(string.format, '|%-03u|', -0.0)}
return {pcall(string.format, '|%-03u|', 1e-5)}
return {pcall(string.format, '|%-03u|', 7)}
return {pcall(string.format, '|%+ 3.0d|', 0)}
return {pcall(string.format, '|%+ 3.0d|', -0.0)}
return {pcall(string.format, '|%+ 3.0d|', 1e-5)}
return {pcall(string.format, '|%+ 3.0d|', 7)}
return {pcall(string.format, '|%+ 3.0i|', 0)}
return {pcall(string.format, '|%+ 3.0i|', -0.0)}
return {pcall(string.format, '|%+ 3.0i|', 1e-5)}
return {pcall(string.format, '|%+ 3.0i|', 7)}
return {pcall(string.format, '|%+ 3.0o|', 0)}
return {pcall(string.format, '|%+ 3.0o|', -0.0)}
return {pcall(string.format, '|%+ 3.0o|', 1e-5)}
return {pcall(string.format, '|%+ 3.0o|', 7)}
return {pcall(string.format, '|%+ 3.0x|', 0)}
return {pcall(string.format, '|%+ 3.0x|', -0.0)}
return {pcall(string.format, '|%+ 3.0x|', 1e-5)}
return {pcall(string.format, '|%+ 3.0x|', 7)}
return {pcall(string.format, '|%+ 3.0X|', 0)}
return {pcall(string.format, '|%+ 3.0X|', -0.0)}
return {pcall(string.format, '|%+ 3.0X|', 1e-5)}
return {pcall(string.format, '|%+ 3.0X|', 7)}
return {pcall(string.format, '|%+ 3.0u|', 0)}
return {pcall(string.format, '|%+ 3.0u|', -0.0)}
return {pcall(string.format, '|%+ 3.0u|', 1e-5)}
return {pcall(string.format, '|%+ 3.0u|', 7)}
return {pcall(string.format, '|%+ 3.d|', 0)}
return {pcall(string.format, '|%+ 3.d|', -0.0)}
return {pcall(string.format, '|%+ 3.d|', 1e-5)}
return {pcall(string.format, '|%+ 3.d|', 7)}
return {pcall(string.format, '|%+ 3.i|', 0)}
return {pcall(string.format, '|%+ 3.i|', -0.0)}
return {pcall(string.format, '|%+ 3.i|', 1e-5)}
return {pcall(string.format, '|%+ 3.i|', 7)}
return {pcall(string.format, '|%+ 3.o|', 0)}
return {pcall(string.format, '|%+ 3.o|', -0.0)}
return {pcall(string.format, '|%+ 3.o|', 1e-5)}
return {pcall(string.format, '|%+ 3.o|', 7)}
return {pcall(string.format, '|%+ 3.x|', 0)}
return {pcall(string.format, '|%+ 3.x|', -0.0)}
return {pcall(string.format, '|%+ 3.x|', 1e-5)}
return {pcall(string.format, '|%+ 3.x|', 7)}
return {pcall(string.format, '|%+ 3.X|', 0)}
return {pcall(string.format, '|%+ 3.X|', -0.0)}
return {pcall(string.format, '|%+ 3.X|', 1e-5)}
return {pcall(string.format, '|%+ 3.X|', 7)}
return {pcall(string.format, '|%+ 3.u|', 0)}
return {pcall(string.format, '|%+ 3.u|', -0.0)}
return {pcall(string.format, '|%+ 3.u|', 1e-5)}
return {pcall(string.format, '|%+ 3.u|', 7)}
return {pcall(string.format, '|%+ 3d|', 0)}
return {pcall(string.format, '|%+ 3d|', -0.0)}
return {pcall(string.format, '|%+ 3d|', 1e-5)}
return {pcall(string.format, '|%+ 3d|', 7)}
return {pcall(string.format, '|%+ 3i|', 0)}
return {pcall(string.format, '|%+ 3i|', -0.0)}
return {pcall(string.format, '|%+ 3i|', 1e-5)}
return {pcall(string.format, '|%+ 3i|', 7)}
return {pcall(string.format, '|%+ 3o|', 0)}
return {pcall(string.format, '|%+ 3o|', -0.0)}
return {pcall(string.format, '|%+ 3o|', 1e-5)}
return {pcall(string.format, '|%+ 3o|', 7)}
return {pcall(string.format, '|%+ 3x|', 0)}
return {pcall(string.format, '|%+ 3x|', -0.0)}
return {pcall(string.format, '|%+ 3x|', 1e-5)}
return {pcall(string.format, '|%+ 3x|', 7)}
return {pcall(string.format, '|%+ 3X|', 0)}
return {pcall(string.format, '|%+ 3X|', -0.0)}
return {pcall(string.format, '|%+ 3X|', 1e-5)}
return {pcall(string.format, '|%+ 3X|', 7)}
return {pcall(string.format, '|%+ 3u|', 0)}
return {pcall(string.format, '|%+ 3u|', -0.0)}
return {pcall(string.format, '|%+ 3u|', 1e-5)}
return {pcall(string.format, '|%+ 3u|', 7)}
return {pcall(string.format, '|%#03.0d|', 0)}
return {pcall(string.format, '|%#03.0d|', -0.0)}
return {pcall(string.format, '|%#03.0d|', 1e-5)}
return {pcall(string.format, '|%#03.0d|', 7)}
return {pcall(string.format, '|%#03.0i|', 0)}
return {pcall(string.format, '|%#03.0i|', -0.0)}
return {pcall(string.format, '|%#03.0i|', 1e-5)}
return {pcall(string.format, '|%#03.0i|', 7)}
return {pcall(string.format, '|%#03.0o|', 0)}
return {pcall(string.format, '|%#03.0o|', -0.0)}
return {pcall(string.format, '|%#03.0o|', 1e-5)}
return {pcall(string.format, '|%#03.0o|', 7)}
return {pcall(string.format, '|%#03.0x|', 0)}
return {pcall(string.format, '|%#03.0x|', -0.0)}
return {pcall(string.format, '|%#03.0x|', 1e-5)}
return {pcall(string.format, '|%#03.0x|', 7)}
return {pcall(string.format, '|%#03.0X|', 0)}
return {pcall(string.format, '|%#03.0X|', -0.0)}
return {pcall(string.format, '|%#03.0X|', 1e-5)}
return {pcall(string.format, '|%#03.0X|', 7)}
return {pcall(string.format, '|%#03.0u|', 0)}
return {pcall(string.format, '|%#03.0u|', -0.0)}
return {pcall(string.format, '|%#03.0u|', 1e-5)}
return {pcall(string.format, '|%#03.0u|', 7)}
return {pcall(string.format, '|%#03.d|', 0)}
return {pcall(string.format, '|%#03.d|', -0.0)}
return {pcall(string.format, '|%#03.d|', 1e-5)}
return {pcall(string.format, '|%#03.d|', 7)}
return {pcall(string.format, '|%#03.i|', 0)}
return {pcall(string.format, '|%#03.i|', -0.0)}
return {pcall(string.format, '|%#03.i|', 1e-5)}
return {pcall(string.format, '|%#03.i|', 7)}
return {pcall(string.format, '|%#03.o|', 0)}
return {pcall(string.format, '|%#03.o|', -0.0)}
return {pcall(string.format, '|%#03.o|', 1e-5)}
return {pcall(string.format, '|%#03.o|', 7)}
return {pcall(string.format, '|%#03.x|', 0)}
return {pcall(string.format, '|%#03.x|', -0.0)}
return {pcall(string.format, '|%#03.x|', 1e-5)}
return {pcall(string.format, '|%#03.x|', 7)}
return {pcall(string.format, '|%#03.X|', 0)}
return {pcall(string.format, '|%#03.X|', -0.0)}
return {pcall(string.format, '|%#03.X|', 1e-5)}
return {pcall(string.format, '|%#03.X|', 7)}
return {pcall(string.format, '|%#03.u|', 0)}
return {pcall(string.format, '|%#03.u|', -0.0)}
return {pcall(string.format, '|%#03.u|', 1e-5)}
return {pcall(string.format, '|%#03.u|', 7)}
return {pcall(string.format, '|%#03d|', 0)}
return {pcall(string.format, '|%#03d|', -0.0)}
return {pcall(string.format, '|%#03d|', 1e-5)}
return {pcall(string.format, '|%#03d|', 7)}
return {pcall(string.format, '|%#03i|', 0)}
return {pcall(string.format, '|%#03i|', -0.0)}
return {pcall(string.format, '|%#03i|', 1e-5)}
return {pcall(string.format, '|%#03i|', 7)}
return {pcall(string.format, '|%#03o|', 0)}
return {pcall(string.format, '|%#03o|', -0.0)}
return {pcall(string.format, '|%#03o|', 1e-5)}
return {pcall(string.format, '|%#03o|', 7)}
return {pcall(string.format, '|%#03x|', 0)}
return {pcall(string.format, '|%#03x|', -0.0)}
return {pcall(string.format, '|%#03x|', 1e-5)}
return {pcall(string.format, '|%#03x|', 7)}
return {pcall(string.format, '|%#03X|', 0)}
return {pcall(string.format, '|%#03X|', -0.0)}
return {pcall(string.format, '|%#03X|', 1e-5)}
return {pcall(string.format, '|%#03X|', 7)}
return {pcall(string.format, '|%#03u|', 0)}
return {pcall(string.format, '|%#03u|', -0.0)}
return {pcall(string.format, '|%#03u|', 1e-5)}
return {pcall(string.format, '|%#03u|', 7)}
return {pcall(string.format, '|%-+3.0d|', 0)}
return {pcall(string.format, '|%-+3.0d|', -0.0)}
return {pcall(string.format, '|%-+3.0d|', 1e-5)}
return {pcall(string.format, '|%-+3.0d|', 7)}
return {pcall(string.format, '|%-+3.0i|', 0)}
return {pcall(string.format, '|%-+3.0i|', -0.0)}
return {pcall(string.format, '|%-+3.0i|', 1e-5)}
return {pcall(string.format, '|%-+3.0i|', 7)}
return {pcall(string.format, '|%-+3.0o|', 0)}
return {pcall(string.format, '|%-+3.0o|', -0.0)}
return {pcall(string.format, '|%-+3.0o|', 1e-5)}
return {pcall(string.format, '|%-+3.0o|', 7)}
return {pcall(string.format, '|%-+3.0x|', 0)}
return {pcall(string.format, '|%-+3.0x|', -0.0)}
return {pcall(string.format, '|%-+3.0x|', 1e-5)}
return {pcall(string.format, '|%-+3.0x|', 7)}
return {pcall(string.format, '|%-+3.0X|', 0)}
return {pcall(string.format, '|%-+3.0X|', -0.0)}
return {pcall(string.format, '|%-+3.0X|', 1e-5)}
return {pcall(string.format, '|%-+3.0X|', 7)}
return {pcall(string.format, '|%-+3.0u|', 0)}
return {pcall(string.format, '|%-+3.0u|', -0.0)}
return {pcall(string.format, '|%-+3.0u|', 1e-5)}
return {pcall(string.format, '|%-+3.0u|', 7)}
return {pcall(string.format, '|%-+3.d|', 0)}
return {pcall(string.format, '|%-+3.d|', -0.0)}
return {pcall(string.format, '|%-+3.d|', 1e-5)}
return {pcall(string.format, '|%-+3.d|', 7)}
return {pcall(string.format, '|%-+3.i|', 0)}
return {pcall(string.format, '|%-+3.i|', -0.0)}
return {pcall(string.format, '|%-+3.i|', 1e-5)}
return {pcall(string.format, '|%-+3.i|', 7)}
return {pcall(string.format, '|%-+3.o|', 0)}
return {pcall(string.format, '|%-+3.o|', -0.0)}
return {pcall(string.format, '|%-+3.o|', 1e-5)}
return {pcall(string.format, '|%-+3.o|', 7)}
return {pcall(string.format, '|%-+3.x|', 0)}
return {pcall(string.format, '|%-+3.x|', -0.0)}
return {pcall(string.format, '|%-+3.x|', 1e-5)}
return {pcall(string.format, '|%-+3.x|', 7)}
return {pcall(string.format, '|%-+3.X|', 0)}
return {pcall(string.format, '|%-+3.X|', -0.0)}
return {pcall(string.format, '|%-+3.X|', 1e-5)}
return {pcall(string.format, '|%-+3.X|', 7)}
return {pcall(string.format, '|%-+3.u|', 0)}
return {pcall(string.format, '|%-+3.u|', -0.0)}
return {pcall(string.format, '|%-+3.u|', 1e-5)}
return {pcall(string.format, '|%-+3.u|', 7)}
return {pcall(string.format, '|%-+3d|', 0)}
return {pcall(string.format, '|%-+3d|', -0.0)}
return {pcall(string.format, '|%-+3d|', 1e-5)}
return {pcall(string.format, '|%-+3d|', 7)}
return {pcall(string.format, '|%-+3i|', 0)}
return {pcall(string.format, '|%-+3i|', -0.0)}
return {pcall(string.format, '|%-+3i|', 1e-5)}
return {pcall(string.format, '|%-+3i|', 7)}
return {pcall(string.format, '|%-+3o|', 0)}
return {pcall(string.format, '|%-+3o|', -0.0)}
return {pcall(string.format, '|%-+3o|', 1e-5)}
return {pcall(string.format, '|%-+3o|', 7)}
return {pcall(string.format, '|%-+3x|', 0)}
return {pcall(string.format, '|%-+3x|', -0.0)}
return {pcall(string.format, '|%-+3x|', 1e-5)}
return {pcall(string.format, '|%-+3x|', 7)}
return {pcall(string.format, '|%-+3X|', 0)}
return {pcall(string.format, '|%-+3X|', -0.0)}
return {pcall(string.format, '|%-+3X|', 1e-5)}
return {pcall(string.format, '|%-+3X|', 7)}
return {pcall(string.format, '|%-+3u|', 0)}
return {pcall(string.format, '|%-+3u|', -0.0)}
return {pcall(string.format, '|%-+3u|', 1e-5)}
return {pcall(string.format, '|%-+3u|', 7)}
return {pcall(string.format, '|% 03.0d|', 0)}
return {pcall(string.format, '|% 03.0d|', -0.0)}
return {pcall(string.format, '|% 03.0d|', 1e-5)}
return {pcall(string.format, '|% 03.0d|', 7)}
return {pcall(string.format, '|% 03.0i|', 0)}
return {pcall(string.format, '|% 03.0i|', -0.0)}
return {pcall(string.format, '|% 03.0i|', 1e-5)}
return {pcall(string.format, '|% 03.0i|', 7)}
return {pcall(string.format, '|% 03.0o|', 0)}
return {pcall(string.format, '|% 03.0o|', -0.0)}
return {pcall(string.format, '|% 03.0o|', 1e-5)}
return {pcall(string.format, '|% 03.0o|', 7)}
return {pcall(string.format, '|% 03.0x|', 0)}
return {pcall(string.format, '|% 03.0x|', -0.0)}
return {pcall(string.format, '|% 03.0x|', 1e-5)}
return {pcall(string.format, '|% 03.0x|', 7)}
return {pcall(string.format, '|% 03.0X|', 0)}
return {pcall(string.format, '|% 03.0X|', -0.0)}
return {pcall(string.format, '|% 03.0X|', 1e-5)}
return {pcall(string.format, '|% 03.0X|', 7)}
return {pcall(string.format, '|% 03.0u|', 0)}
return {pcall(string.format, '|% 03.0u|', -0.0)}
return {pcall(string.format, '|% 03.0u|', 1e-5)}
return {pcall(string.format, '|% 03.0u|', 7)}
return {pcall(string.format, '|% 03.d|', 0)}
return {pcall(string.format, '|% 03.d|', -0.0)}
return {pcall(string.format, '|% 03.d|', 1e-5)}
return {pcall(string.format, '|% 03.d|', 7)}
return {pcall(string.format, '|% 03.i|', 0)}
return {pcall(string.format, '|% 03.i|', -0.0)}
return {pcall(string.format, '|% 03.i|', 1e-5)}
return {pcall(string.format, '|% 03.i|', 7)}
return {pcall(string.format, '|% 03.o|', 0)}
return {pcall(string.format, '|% 03.o|', -0.0)}
return {pcall(string.format, '|% 03.o|', 1e-5)}
return {pcall(string.format, '|% 03.o|', 7)}
return {pcall(string.format, '|% 03.x|', 0)}
return {pcall(string.format, '|% 03.x|', -0.0)}
return {pcall(string.format, '|% 03.x|', 1e-5)}
return {pcall(string.format, '|% 03.x|', 7)}
return {pcall(string.format, '|% 03.X|', 0)}
return {pcall(string.format, '|% 03.X|', -0.0)}
return {pcall(string.format, '|% 03.X|', 1e-5)}
return {pcall(string.format, '|% 03.X|', 7)}
return {pcall(string.format, '|% 03.u|', 0)}
return {pcall(string.format, '|% 03.u|', -0.0)}
return {pcall(string.format, '|% 03.u|', 1e-5)}
return {pcall(string.format, '|% 03.u|', 7)}
return {pcall(string.format, '|% 03d|', 0)}
return {pcall(string.format, '|% 03d|', -0.0)}
return {pcall(string.format, '|% 03d|', 1e-5)}
return {pcall(string.format, '|% 03d|', 7)}
return {pcall(string.format, '|% 03i|', 0)}
return {pcall(string.format, '|% 03i|', -0.0)}
return {pcall(string.format, '|% 03i|', 1e-5)}
return {pcall(string.format, '|% 03i|', 7)}
return {pcall(string.format, '|% 03o|', 0)}
return {pcall(string.format, '|% 03o|', -0.0)}
return {pcall(string.format, '|% 03o|', 1e-5)}
return {pcall(string.format, '|% 03o|', 7)}
return {pcall(string.format, '|% 03x|', 0)}
return {pcall(string.format, '|% 03x|', -0.0)}
return {pcall(string.format, '|% 03x|', 1e-5)}
return {pcall(string.format, '|% 03x|', 7)}
return {pcall(string.format, '|% 03X|', 0)}
return {pcall(string.format, '|% 03X|', -0.0)}
return {pcall(string.format, '|% 03X|', 1e-5)}
return {pcall(string.format, '|% 03X|', 7)}
return {pcall(string.format, '|% 03u|', 0)}
return {pcall(string.format, '|% 03u|', -0.0)}
return {pcall(string.format, '|% 03u|', 1e-5)}
return {pcall(string.format, '|% 03u|', 7)}
return {pcall(string.format, '|%+03.0d|', 0)}
return {pcall(string.format, '|%+03.0d|', -0.0)}
return {pcall(string.format, '|%+03.0d|', 1e-5)}
return {pcall(string.format, '|%+03.0d|', 7)}
return {pcall(string.format, '|%+03.0i|', 0)}
return {pcall(string.format, '|%+03.0i|', -0.0)}
return {pcall(string.format, '|%+03.0i|', 1e-5)}
return {pcall(string.format, '|%+03.0i|', 7)}
return {pcall(string.format, '|%+03.0o|', 0)}
return {pcall(string.format, '|%+03.0o|', -0.0)}
return {pcall(string.format, '|%+03.0o|', 1e-5)}
return {pcall(string.format, '|%+03.0o|', 7)}
return {pcall(string.format, '|%+03.0x|', 0)}
return {pcall(string.format, '|%+03.0x|', -0.0)}
return {pcall(string.format, '|%+03.0x|', 1e-5)}
return {pcall(string.format, '|%+03.0x|', 7)}
return {pcall(string.format, '|%+03.0X|', 0)}
return {pcall(string.format, '|%+03.0X|', -0.0)}
return {pcall(string.format, '|%+03.0X|', 1e-5)}
return {pcall(string.format, '|%+03.0X|', 7)}
return {pcall(string.format, '|%+03.0u|', 0)}
return {pcall(string.format, '|%+03.0u|', -0.0)}
return {pcall(string.format, '|%+03.0u|', 1e-5)}
return {pcall(string.format, '|%+03.0u|', 7)}
return {pcall(string.format, '|%+03.d|', 0)}
return {pcall(string.format, '|%+03.d|', -0.0)}
return {pcall(string.format, '|%+03.d|', 1e-5)}
return {pcall(string.format, '|%+03.d|', 7)}
return {pcall(string.format, '|%+03.i|', 0)}
return {pcall(string.format, '|%+03.i|', -0.0)}
return {pcall(string.format, '|%+03.i|', 1e-5)}
return {pcall(string.format, '|%+03.i|', 7)}
return {pcall(string.format, '|%+03.o|', 0)}
return {pcall(string.format, '|%+03.o|', -0.0)}
return {pcall(string.format, '|%+03.o|', 1e-5)}
return {pcall(string.format, '|%+03.o|', 7)}
return {pcall(string.format, '|%+03.x|', 0)}
return {pcall(string.format, '|%+03.x|', -0.0)}
return {pcall(string.format, '|%+03.x|', 1e-5)}
return {pcall(string.format, '|%+03.x|', 7)}
return {pcall(string.format, '|%+03.X|', 0)}
return {pcall(string.format, '|%+03.X|', -0.0)}
return {pcall(string.format, '|%+03.X|', 1e-5)}
return {pcall(string.format, '|%+03.X|', 7)}
return {pcall(string.format, '|%+03.u|', 0)}
return {pcall(string.format, '|%+03.u|', -0.0)}
return {pcall(string.format, '|%+03.u|', 1e-5)}
return {pcall(string.format, '|%+03.u|', 7)}
return {pcall(string.format, '|%+03d|', 0)}
return {pcall(string.format, '|%+03d|', -0.0)}
return {pcall(string.format, '|%+03d|', 1e-5)}
return {pcall(string.format, '|%+03d|', 7)}
return {pcall(string.format, '|%+03i|', 0)}
return {pcall(string.format, '|%+03i|', -0.0)}
return {pcall(string.format, '|%+03i|', 1e-5)}
return {pcall(string.format, '|%+03i|', 7)}
return {pcall(string.format, '|%+03o|', 0)}
return {pcall(string.format, '|%+03o|', -0.0)}
return {pcall(string.format, '|%+03o|', 1e-5)}
return {pcall(string.format, '|%+03o|', 7)}
return {pcall(string.format, '|%+03x|', 0)}
return {pcall(string.format, '|%+03x|', -0.0)}
return {pcall(string.format, '|%+03x|', 1e-5)}
return {pcall(string.format, '|%+03x|', 7)}
return {pcall(string.format, '|%+03X|', 0)}
return {pcall(string.format, '|%+03X|', -0.0)}
return {pcall(string.format, '|%+03X|', 1e-5)}
return {pcall(string.format, '|%+03X|', 7)}
return {pcall(string.format, '|%+03u|', 0)}
return {pcall(string.format, '|%+03u|', -0.0)}
return {pcall(string.format, '|%+03u|', 1e-5)}
return {pcall(string.format, '|%+03u|', 7)}
