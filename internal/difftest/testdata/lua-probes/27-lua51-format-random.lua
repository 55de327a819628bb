return {pcall(string.format, '|%01.3f|', -0.0)}
return {pcall(string.format, '|%-99u|', 1e300)}
return {pcall(string.format, '|%99.0d|', 1)}
return {pcall(string.format, '|%-012x|', 1)}
return {pcall(string.format, '|%#012q|', 1e300)}
return {pcall(string.format, '|%-1.99f|', 1e300)}
return {pcall(string.format, '|%99.10c|', -0.0)}
return {pcall(string.format, '|% .10q|', 3.14159)}
return {pcall(string.format, '|%#12.0e|', -1)}
return {pcall(string.format, '|%-+5.10q|', 'abc')}
return {pcall(string.format, '|%+.10E|', '12')}
return {pcall(string.format, '|% 5e|', 'x\0y')}
return {pcall(string.format, '|%-99E|', 1e10)}
return {pcall(string.format, '|%+ 99.3G|', 2^53)}
return {pcall(string.format, '|%+ 99.3u|', 2^31)}
return {pcall(string.format, '|% 1.99G|', 1e-5)}
return {pcall(string.format, '|%-99.1e|', 0.1)}
return {pcall(string.format, '|%012.1E|', 1)}
return {pcall(string.format, '|%-99.3o|', 2^53)}
return {pcall(string.format, '|%+12.3d|', 'abc')}
return {pcall(string.format, '|%-99.10G|', 2^53)}
return {pcall(string.format, '|%05.10s|', 1e300)}
return {pcall(string.format, '|%+ X|', 0.1)}
return {pcall(string.format, '|%-.99g|', 2^31)}
return {pcall(string.format, '|%-+12.1g|', 1/0)}
return {pcall(string.format, '|%0.3u|', -2.5)}
return {pcall(string.format, '|%-+.3d|', 1e10)}
return {pcall(string.format, '|%#1.99x|', 1/0)}
return {pcall(string.format, '|%-012o|', 0/0)}
return {pcall(string.format, '|%-099.1o|', -1/0)}
return {pcall(string.format, '|%#05.99c|', -2^63)}
return {pcall(string.format, '|%-01.0i|', -2.5)}
return {pcall(string.format, '|%+1.99x|', 0)}
return {pcall(string.format, '|%+ 99.0X|', 2^31)}
return {pcall(string.format, '|%1.3e|', -2^63)}
return {pcall(string.format, '|%-+99.1o|', 'x\0y')}
return {pcall(string.format, '|%#099.99f|', '')}
return {pcall(string.format, '|%12.99G|', 65)}
return {pcall(string.format, '|%-012.3c|', -1)}
return {pcall(string.format, '|%+ 12x|', 1)}
return {pcall(string.format, '|% 12.0i|', 2^53)}
return {pcall(string.format, '|%-+d|', 1e300)}
return {pcall(string.format, '|%+99u|', 5e-324)}
return {pcall(string.format, '|%.0E|', 1/0)}
return {pcall(string.format, '|%+5.1E|', -2^63)}
return {pcall(string.format, '|%+ q|', 0.1)}
return {pcall(string.format, '|%+ 12.3X|', 1)}
return {pcall(string.format, '|%+.99u|', '')}
return {pcall(string.format, '|%#12.99o|', 255)}
return {pcall(string.format, '|%1.10u|', 3.14159)}
return {pcall(string.format, '|%#0.10X|', '12')}
return {pcall(string.format, '|%-5.10u|', -2.5)}
return {pcall(string.format, '|%01.10e|', 255)}
return {pcall(string.format, '|%01.10G|', 1e10)}
return {pcall(string.format, '|% 12.99G|', 1e-5)}
return {pcall(string.format, '|% 99.3u|', '')}
return {pcall(string.format, '|%.1s|', 123456789)}
return {pcall(string.format, '|% 99.1s|', '')}
return {pcall(string.format, '|%05x|', -1)}
return {pcall(string.format, '|% 12.0u|', 1e10)}
return {pcall(string.format, '|%+ 99.10q|', 0)}
return {pcall(string.format, '|%+ 5.99i|', 'abc')}
return {pcall(string.format, '|%-12.99G|', 1e10)}
return {pcall(string.format, '|%+ 1.3G|', '12')}
return {pcall(string.format, '|%0.99c|', 0/0)}
return {pcall(string.format, '|%-0.99o|', -2.5)}
return {pcall(string.format, '|%+.0E|', 0/0)}
return {pcall(string.format, '|%+99.10s|', 'abc')}
return {pcall(string.format, '|%01.10e|', 3.14159)}
return {pcall(string.format, '|%.99f|', -1)}
return {pcall(string.format, '|%#01.3q|', 1e10)}
return {pcall(string.format, '|% .1x|', 2^31)}
return {pcall(string.format, '|%#01.10u|', 123456789)}
return {pcall(string.format, '|%#012.0d|', '')}
return {pcall(string.format, '|%012.99E|', 255)}
return {pcall(string.format, '|%-099.0e|', 3.14159)}
return {pcall(string.format, '|%#099q|', 0/0)}
return {pcall(string.format, '|%+99G|', 3.14159)}
return {pcall(string.format, '|%+1.3E|', '')}
return {pcall(string.format, '|%-99u|', 'abc')}
return {pcall(string.format, '|%#099.10s|', -1)}
return {pcall(string.format, '|%#0.0x|', 123456789)}
return {pcall(string.format, '|%.10s|', 65)}
return {pcall(string.format, '|%.3u|', 5e-324)}
return {pcall(string.format, '|%#099.10x|', 'x\0y')}
return {pcall(string.format, '|%#12.10e|', 0.1)}
return {pcall(string.format, '|%#01.99e|', 123456789)}
return {pcall(string.format, '|%#01.3o|', -1/0)}
return {pcall(string.format, '|%-12.3u|', 1)}
return {pcall(string.format, '|% 12x|', 'abc')}
return {pcall(string.format, '|%#.0g|', '12')}
return {pcall(string.format, '|%01.1o|', 0/0)}
return {pcall(string.format, '|% .3s|', -2.5)}
return {pcall(string.format, '|% 1.99c|', 255)}
return {pcall(string.format, '|%-05.3x|', -2^63)}
return {pcall(string.format, '|%0.99u|', 0)}
return {pcall(string.format, '|%099.3s|', 'x\0y')}
return {pcall(string.format, '|%12.1e|', 5e-324)}
return {pcall(string.format, '|%#99i|', 1e-5)}
return {pcall(string.format, '|%-.1X|', -0.0)}
return {pcall(string.format, '|%+5.0q|', -1/0)}
return {pcall(string.format, '|%#12.0e|', 255)}
return {pcall(string.format, '|%-+12.99u|', 1)}
return {pcall(string.format, '|%#.99o|', -1/0)}
return {pcall(string.format, '|%-5f|', 1)}
return {pcall(string.format, '|%#.10q|', 1e-5)}
return {pcall(string.format, '|%-5s|', 0)}
return {pcall(string.format, '|%099.3X|', 5e-324)}
return {pcall(string.format, '|%+.10g|', 1e-5)}
return {pcall(string.format, '|%-1.1d|', -2.5)}
return {pcall(string.format, '|% 5.99X|', 255)}
return {pcall(string.format, '|% 5.3e|', 'abc')}
return {pcall(string.format, '|%+5.1G|', 0)}
return {pcall(string.format, '|%#d|', '')}
return {pcall(string.format, '|%#099.0e|', 0.1)}
return {pcall(string.format, '|% 12f|', '12')}
return {pcall(string.format, '|%-012.10q|', 1/0)}
return {pcall(string.format, '|%#05.99x|', 1e-5)}
return {pcall(string.format, '|%01.99g|', '12')}
return {pcall(string.format, '|%+12.1d|', 3.14159)}
return {pcall(string.format, '|%.99g|', 123456789)}
return {pcall(string.format, '|%-01i|', 'abc')}
return {pcall(string.format, '|%-099.99X|', 5e-324)}
return {pcall(string.format, '|% 5s|', -2.5)}
return {pcall(string.format, '|%+5.3d|', 123456789)}
return {pcall(string.format, '|%05.10u|', 1e-5)}
return {pcall(string.format, '|%5.0u|', -2.5)}
return {pcall(string.format, '|%5.3i|', 0.1)}
return {pcall(string.format, '|%#99.99x|', 1e-5)}
return {pcall(string.format, '|%#0X|', 1)}
return {pcall(string.format, '|%+12.10d|', 1/0)}
return {pcall(string.format, '|%5.1f|', 1e-5)}
return {pcall(string.format, '|%-99.10q|', 3.14159)}
return {pcall(string.format, '|%-+12.1g|', 0.1)}
return {pcall(string.format, '|%+5.99E|', '12')}
return {pcall(string.format, '|%+.99e|', '12')}
return {pcall(string.format, '|%-099.0e|', 255)}
return {pcall(string.format, '|%-+.99E|', 'x\0y')}
return {pcall(string.format, '|% d|', 3.14159)}
return {pcall(string.format, '|%0.3q|', 0/0)}
return {pcall(string.format, '|%#0.99d|', '12')}
return {pcall(string.format, '|%#01.3X|', 0)}
return {pcall(string.format, '|%+ .99e|', 65)}
return {pcall(string.format, '|%-99g|', '')}
return {pcall(string.format, '|%+ 5q|', 123456789)}
return {pcall(string.format, '|% 1.0g|', '12')}
return {pcall(string.format, '|%+ 12.3i|', 0.1)}
return {pcall(string.format, '|%#.10f|', '12')}
return {pcall(string.format, '|% .10o|', 2^53)}
return {pcall(string.format, '|%#5.10E|', 3.14159)}
return {pcall(string.format, '|%12s|', 123456789)}
return {pcall(string.format, '|%-1.99s|', 2^31)}
return {pcall(string.format, '|%#05.3s|', 0/0)}
return {pcall(string.format, '|%-99.0X|', 1)}
return {pcall(string.format, '|%+ .1s|', 1)}
return {pcall(string.format, '|%#012.1c|', 1e10)}
return {pcall(string.format, '|% .10i|', 3.14159)}
return {pcall(string.format, '|%#05.1o|', 5e-324)}
return {pcall(string.format, '|%#05g|', -2^63)}
return {pcall(string.format, '|% 12.3c|', 0)}
return {pcall(string.format, '|%+.3f|', 0/0)}
return {pcall(string.format, '|%-05.99o|', -1/0)}
return {pcall(string.format, '|%012.1i|', 2^53)}
return {pcall(string.format, '|%5.1q|', 1/0)}
return {pcall(string.format, '|%-1.99d|', '')}
return {pcall(string.format, '|%#5.1i|', 1/0)}
return {pcall(string.format, '|%-099u|', -1/0)}
return {pcall(string.format, '|%#.1i|', -0.0)}
return {pcall(string.format, '|%#1.0X|', -1/0)}
return {pcall(string.format, '|%#05.0G|', -2^63)}
return {pcall(string.format, '|%-0.99c|', 65)}
return {pcall(string.format, '|%#01.99i|', -0.0)}
return {pcall(string.format, '|%-012.10G|', 3.14159)}
return {pcall(string.format, '|%#12e|', 3.14159)}
return {pcall(string.format, '|%+12.3u|', 2^31)}
return {pcall(string.format, '|%#5.99g|', '12')}
return {pcall(string.format, '|%#12.99x|', 2^31)}
return {pcall(string.format, '|%+ 99.99c|', -1)}
return {pcall(string.format, '|%+1x|', 255)}
return {pcall(string.format, '|%+ 99.0s|', 2^53)}
return {pcall(string.format, '|%+ 12.0e|', 1e10)}
return {pcall(string.format, '|% .0u|', 65)}
return {pcall(string.format, '|%-5.0u|', 123456789)}
return {pcall(string.format, '|%-+1g|', -1/0)}
return {pcall(string.format, '|%-012.99e|', 1e10)}
return {pcall(string.format, '|%-05.1G|', -0.0)}
return {pcall(string.format, '|%+ 5.10u|', 3.14159)}
return {pcall(string.format, '|%#099.99G|', 1e10)}
return {pcall(string.format, '|%-5.0c|', 1/0)}
return {pcall(string.format, '|%+ 12.1q|', 0)}
return {pcall(string.format, '|%+.3g|', 0.1)}
return {pcall(string.format, '|%-+12i|', 1/0)}
return {pcall(string.format, '|%#012.3x|', -1)}
return {pcall(string.format, '|% 1.0e|', 'abc')}
return {pcall(string.format, '|%-12e|', -0.0)}
return {pcall(string.format, '|%1.0E|', -0.0)}
return {pcall(string.format, '|%#1.99X|', 255)}
return {pcall(string.format, '|%-0i|', 2^31)}
return {pcall(string.format, '|%#099.0c|', 123456789)}
return {pcall(string.format, '|% 99d|', 65)}
return {pcall(string.format, '|%#12.1u|', '12')}
return {pcall(string.format, '|% 12.10x|', 65)}
return {pcall(string.format, '|% .3g|', '12')}
return {pcall(string.format, '|%#x|', 0.1)}
return {pcall(string.format, '|%-0.1x|', 'abc')}
return {pcall(string.format, '|%-05.0s|', -0.0)}
return {pcall(string.format, '|%012.1f|', 1/0)}
return {pcall(string.format, '|% .1g|', 255)}
return {pcall(string.format, '|%-1.3x|', 2^31)}
return {pcall(string.format, '|% 1.3x|', 123456789)}
return {pcall(string.format, '|%#.10s|', 5e-324)}
return {pcall(string.format, '|%+1.3c|', 'abc')}
return {pcall(string.format, '|%99.0c|', -0.0)}
return {pcall(string.format, '|% .10o|', -1/0)}
return {pcall(string.format, '|%.0c|', 0/0)}
return {pcall(string.format, '|%0o|', 2^53)}
return {pcall(string.format, '|% 1.99e|', '')}
return {pcall(string.format, '|%+ .1f|', '')}
return {pcall(string.format, '|%-05.1s|', -2.5)}
return {pcall(string.format, '|%-X|', 1)}
return {pcall(string.format, '|%012e|', 1e10)}
return {pcall(string.format, '|%-05.1q|', -1/0)}
return {pcall(string.format, '|%-.99s|', 1e10)}
return {pcall(string.format, '|%099.3x|', 2^53)}
return {pcall(string.format, '|%012f|', -1/0)}
return {pcall(string.format, '|% 12c|', -0.0)}
return {pcall(string.format, '|%+ X|', 1e10)}
return {pcall(string.format, '|%-99.1u|', 123456789)}
return {pcall(string.format, '|%099X|', '')}
return {pcall(string.format, '|%05.1d|', '')}
return {pcall(string.format, '|%-+q|', 1e-5)}
return {pcall(string.format, '|%-12.99s|', 1/0)}
return {pcall(string.format, '|%#12.3o|', 0.1)}
return {pcall(string.format, '|%+.99X|', 'x\0y')}
return {pcall(string.format, '|%+99.0u|', 2^53)}
return {pcall(string.format, '|%+ 5.10i|', 255)}
return {pcall(string.format, '|% 12.0x|', -1/0)}
return {pcall(string.format, '|%-.3e|', 65)}
return {pcall(string.format, '|%01.3i|', 1)}
return {pcall(string.format, '|%#99x|', -1)}
return {pcall(string.format, '|%-012.99s|', -2.5)}
return {pcall(string.format, '|% 1.3s|', 5e-324)}
return {pcall(string.format, '|% 99.99G|', -1)}
return {pcall(string.format, '|%#5.1E|', 123456789)}
return {pcall(string.format, '|%05.99X|', 1e10)}
return {pcall(string.format, '|%+ 1.0x|', 1e-5)}
return {pcall(string.format, '|%+5.10x|', 2^53)}
return {pcall(string.format, '|%-12.1x|', 255)}
return {pcall(string.format, '|%#01.99G|', -1)}
return {pcall(string.format, '|%+ d|', 0.1)}
return {pcall(string.format, '|% 12.1d|', 2^31)}
return {pcall(string.format, '|% x|', 5e-324)}
return {pcall(string.format, '|%-+1u|', 255)}
return {pcall(string.format, '|%+12.10X|', 'abc')}
return {pcall(string.format, '|%.99E|', 'x\0y')}
return {pcall(string.format, '|%-+5.0d|', -2^63)}
return {pcall(string.format, '|%01x|', 123456789)}
return {pcall(string.format, '|%99.99f|', 1e10)}
return {pcall(string.format, '|%5.3f|', -2^63)}
return {pcall(string.format, '|%+99.1i|', 1e10)}
return {pcall(string.format, '|%12.10s|', 1)}
return {pcall(string.format, '|%-0.3f|', 65)}
return {pcall(string.format, '|%+99f|', -2.5)}
return {pcall(string.format, '|%-05.3X|', 'abc')}
return {pcall(string.format, '|%#12X|', '')}
return {pcall(string.format, '|%-+5.3c|', 0)}
return {pcall(string.format, '|%01.3g|', 1/0)}
return {pcall(string.format, '|% .3o|', -1/0)}
return {pcall(string.format, '|%-.3E|', -2^63)}
return {pcall(string.format, '|%+ 1.0d|', -0.0)}
return {pcall(string.format, '|%#01.99G|', 1/0)}
return {pcall(string.format, '|%-99.10u|', '')}
return {pcall(string.format, '|%#01.0u|', 2^31)}
return {pcall(string.format, '|%+99.0i|', -1)}
return {pcall(string.format, '|%-012.0X|', 3.14159)}
return {pcall(string.format, '|%12.1d|', 5e-324)}
return {pcall(string.format, '|%-0.99E|', 'x\0y')}
return {pcall(string.format, '|%+1.10c|', 5e-324)}
return {pcall(string.format, '|% 12.0E|', 1e10)}
return {pcall(string.format, '|%12.10o|', 1/0)}
return {pcall(string.format, '|%0.0x|', '')}
return {pcall(string.format, '|% .10q|', 'abc')}
return {pcall(string.format, '|%5c|', 5e-324)}
return {pcall(string.format, '|%+ 99.99G|', 2^31)}
return {pcall(string.format, '|%-05.10x|', -1/0)}
return {pcall(string.format, '|%-05.3e|', 0/0)}
return {pcall(string.format, '|%+E|', 0.1)}
return {pcall(string.format, '|%+ 1.3G|', 5e-324)}
return {pcall(string.format, '|%+ 1.3c|', -1)}
return {pcall(string.format, '|%-1.1c|', -2^63)}
return {pcall(string.format, '|%-12.10e|', 'abc')}
return {pcall(string.format, '|%.99o|', 1)}
return {pcall(string.format, '|%099d|', 255)}
return {pcall(string.format, '|%-01q|', 1)}
return {pcall(string.format, '|%-+.0o|', 0.1)}
return {pcall(string.format, '|%#1.99G|', '')}
return {pcall(string.format, '|% .1E|', 123456789)}
return {pcall(string.format, '|%+5.10X|', 0/0)}
return {pcall(string.format, '|%+5.10s|', 1e10)}
return {pcall(string.format, '|%-+5.10e|', 1e-5)}
return {pcall(string.format, '|%05x|', -2.5)}
return {pcall(string.format, '|%-01.99X|', 'abc')}
return {pcall(string.format, '|%012.0G|', 123456789)}
return {pcall(string.format, '|%-99f|', -2^63)}
return {pcall(string.format, '|%+ 99.10E|', 'x\0y')}
return {pcall(string.format, '|%-5.10f|', 1/0)}
return {pcall(string.format, '|%05.3u|', 1e300)}
return {pcall(string.format, '|%+5.1G|', 1)}
return {pcall(string.format, '|%+ 1.0E|', '')}
return {pcall(string.format, '|%5.10X|', 2^31)}
return {pcall(string.format, '|%-+5.99d|', '')}
return {pcall(string.format, '|%1.0X|', 5e-324)}
return {pcall(string.format, '|%-012.10u|', -0.0)}
return {pcall(string.format, '|%+12.0E|', '12')}
return {pcall(string.format, '|%d|', 1e300)}
return {pcall(string.format, '|%05e|', -2^63)}
return {pcall(string.format, '|%#01.3E|', 2^31)}
return {pcall(string.format, '|%-+1.0u|', 5e-324)}
return {pcall(string.format, '|%+ 1.0d|', 1e-5)}
return {pcall(string.format, '|%+12i|', '12')}
return {pcall(string.format, '|%+5.3G|', 123456789)}
return {pcall(string.format, '|%.99q|', 65)}
return {pcall(string.format, '|%099.99E|', 0/0)}
return {pcall(string.format, '|%-+99.99s|', 1e-5)}
return {pcall(string.format, '|%+d|', 65)}
return {pcall(string.format, '|%12.0x|', -2.5)}
return {pcall(string.format, '|%E|', 65)}
return {pcall(string.format, '|% 1.3x|', 255)}
return {pcall(string.format, '|%-+99.99f|', -1/0)}
return {pcall(string.format, '|%-+1.10X|', 1)}
return {pcall(string.format, '|%#.99G|', 0.1)}
return {pcall(string.format, '|%#0.3q|', -1/0)}
return {pcall(string.format, '|%+ .99f|', 0/0)}
return {pcall(string.format, '|%+1X|', 1e-5)}
return {pcall(string.format, '|%.1g|', 'x\0y')}
return {pcall(string.format, '|%#.1f|', 65)}
return {pcall(string.format, '|%-099.1X|', '12')}
return {pcall(string.format, '|% .10d|', -2.5)}
return {pcall(string.format, '|%#1.99x|', -2.5)}
return {pcall(string.format, '|%01.3u|', 5e-324)}
return {pcall(string.format, '|% 12.99g|', 'abc')}
return {pcall(string.format, '|%#012.3q|', 255)}
return {pcall(string.format, '|%.3g|', 1e-5)}
return {pcall(string.format, '|%-+5.0c|', 5e-324)}
return {pcall(string.format, '|%-+.10o|', 3.14159)}
return {pcall(string.format, '|%i|', 5e-324)}
return {pcall(string.format, '|%+5.0g|', 0)}
return {pcall(string.format, '|%.0g|', '12')}
return {pcall(string.format, '|%.99d|', 1)}
return {pcall(string.format, '|%-+5.0q|', 65)}
return {pcall(string.format, '|%-12x|', 1e10)}
return {pcall(string.format, '|% d|', '12')}
return {pcall(string.format, '|%-5.3i|', 3.14159)}
return {pcall(string.format, '|%-1.1u|', 2^53)}
return {pcall(string.format, '|%-05u|', 123456789)}
return {pcall(string.format, '|%#.99G|', -2^63)}
return {pcall(string.format, '|%099.10s|', 2^31)}
return {pcall(string.format, '|%-+.3d|', -1/0)}
return {pcall(string.format, '|%#0.1s|', 'x\0y')}
return {pcall(string.format, '|%99.10x|', 'x\0y')}
return {pcall(string.format, '|%-99.1o|', -1/0)}
return {pcall(string.format, '|%99.0X|', -0.0)}
return {pcall(string.format, '|%5.3i|', 0.1)}
return {pcall(string.format, '|%+12.10u|', 255)}
return {pcall(string.format, '|%#99.0X|', 1e10)}
return {pcall(string.format, '|% 12.0i|', '12')}
return {pcall(string.format, '|%-12.99e|', -1)}
return {pcall(string.format, '|%05c|', 1/0)}
return {pcall(string.format, '|%-12.99d|', -2^63)}
return {pcall(string.format, '|% 5.1c|', 65)}
return {pcall(string.format, '|%#01.3f|', 1e-5)}
return {pcall(string.format, '|%+ 1.10E|', 'x\0y')}
return {pcall(string.format, '|%-+.1E|', 2^53)}
return {pcall(string.format, '|%#01.3f|', 65)}
return {pcall(string.format, '|%01.3s|', 'x\0y')}
return {pcall(string.format, '|%#99.0o|', 2^53)}
return {pcall(string.format, '|%+ 1.10x|', 123456789)}
return {pcall(string.format, '|%#99.0g|', 3.14159)}
return {pcall(string.format, '|% 5.10e|', -2^63)}
return {pcall(string.format, '|%+1.1x|', 123456789)}
return {pcall(string.format, '|%-1.99i|', 1e10)}
return {pcall(string.format, '|%-01.0G|', 2^31)}
return {pcall(string.format, '|%#12.1x|', -1)}
return {pcall(string.format, '|%-5.0c|', 0/0)}
return {pcall(string.format, '|%.3q|', -1/0)}
return {pcall(string.format, '|% 99.99X|', 0/0)}
return {pcall(string.format, '|%1.1E|', '')}
return {pcall(string.format, '|%-0.99x|', -1/0)}
return {pcall(string.format, '|%-+99.99f|', -1/0)}
return {pcall(string.format, '|% 99.0f|', -2.5)}
return {pcall(string.format, '|%-12.3u|', 123456789)}
return {pcall(string.format, '|%-12.0G|', 1/0)}
return {pcall(string.format, '|%+5.3s|', 0/0)}
return {pcall(string.format, '|%99.3e|', 'abc')}
return {pcall(string.format, '|%+5c|', 0.1)}
return {pcall(string.format, '|%-.1e|', 1e10)}
return {pcall(string.format, '|%+1.10u|', -1)}
return {pcall(string.format, '|%-+12.10x|', 'x\0y')}
return {pcall(string.format, '|%+ 99f|', -2^63)}
return {pcall(string.format, '|%#05.3g|', 0/0)}
