return struct.pack('>I2', 258)
return struct.pack('<i4', -2)
return struct.pack('b', 200)
return struct.pack('B', -1)
return struct.pack('>L', 2^64)
return struct.pack('>L', 0/0)
return struct.pack('>L', 2^63)
return struct.pack('>l', 1e300)
return struct.pack('>l', -1e300)
return struct.pack('>d', 1.5)
return struct.pack('<f', 1.1)
return struct.pack('s', 'ab')
return struct.pack('c0', 'abc')
return struct.pack('c5', 'abc')
return struct.pack('c2', 'abc')
return struct.pack('!4 b i', 1, 2)
return struct.pack('!3 i', 1)
return struct.pack('i33', 1)
return struct.pack('i16', -1)
return struct.pack('>i10', -1)
return struct.pack('z', 1)
return struct.pack('i')
return struct.pack('i i', 1)
return struct.pack('x')
return struct.pack(1)
return struct.pack()
return struct.pack('c99999999999', 'a')
return struct.unpack('>I2', '\1\2')
return {struct.unpack('>I2', '\1\2')}
return {struct.unpack('<i4', '\254\255\255\255')}
return {struct.unpack('b', '\200')}
return {struct.unpack('B', '\200')}
return {struct.unpack('i2', 'a')}
return {struct.unpack('s', 'ab\0cd')}
return {struct.unpack('s', 'abcd')}
return {struct.unpack('B c0', '\3abcd')}
return {struct.unpack('c0', 'abcd')}
return {struct.unpack('c1 c0', '2abcd')}
return {struct.unpack('>d', struct.pack('>d', 1.5))}
return {struct.unpack('b', 'abc', 2)}
return {struct.unpack('b', 'abc', 0)}
return {struct.unpack('b', 'abc', -1)}
return {struct.unpack('b', 'abc', 4)}
return {struct.unpack('i16', string.rep('\255', 16))}
return {struct.unpack('I9', string.rep('\255', 9))}
return {struct.unpack('i9', string.rep('\255', 9))}
return {struct.unpack('>L', '\255\255\255\255\255\255\255\255')}
return {struct.unpack('>l', '\128\0\0\0\0\0\0\0')}
return struct.size('i4 h b')
return struct.size('!8 b d')
return struct.size('s')
return struct.size('c0')
return struct.size('z')
return struct.size('<>')
return struct.size('@')
