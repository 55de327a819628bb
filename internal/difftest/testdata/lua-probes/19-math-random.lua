return math.random(1, 1)
return tostring(math.random())
return math.random(10)
return math.random(1, 100)
return {math.random(1000), math.random(1000), math.random(1000)}
math.randomseed(42) return {math.random(1000), math.random(1000)}
return math.random(0)
return math.random(2, 1)
return math.random(1, 2, 3)
return {math.random(5), math.random(5), math.random(5), math.random(5)}
return {math.random(3, 7), math.random(-3, 3), math.random(1, 1)}
math.randomseed(0) return {math.random(100), math.random(100)}
math.randomseed(-5) return {math.random(100), math.random(100)}
math.randomseed(2^33 + 7) return {math.random(100), math.random(100)}
math.randomseed('12') return math.random(1000)
return {pcall(math.randomseed)}
return {pcall(math.randomseed, 'x')}
return math.random(2^31 - 1) > 0
return math.random(-2^31, 2^31 - 1) ~= nil
return {pcall(math.random, 1.5)}
return math.random('3')
