local t = {a=1, [1]=2, b=3} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[1]=2, a=1, b=3} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {a=1, b=3, [1]=2} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {x=1, [3]=2, y=3, [1]=4} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[3]=1, [1]=2, [2]=3} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[2]=1, [1]=2} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {10, [2]=1, a=5, [5]=2} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[1]='a', [2]='b', x='c'} return cjson.encode(t)
local t = {x='c', [1]='a', [2]='b'} return cjson.encode(t)
local t = {a=1, [1]=2, [2]=3, b=4, [4]=5} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[1]=1, [2]=2, [3]=3, [4]=4, k=5} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {k=5, [4]=4, [3]=3, [2]=2, [1]=1} local r = {} for k in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {92} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {a_k=0,z_k=1,[7]=2,[8]=3,[-1]=4,[2.5]=5,[1]=6,53,[100]=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {66,65,37} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[100]=0;57;b1=2;f_k=3} t[12] = 1 return cjson.encode(t)
local t = {x_k=0,[16]=1,64,h_k=3,b1=4,a=6} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[5]=0,[8]=1} t.q = 2 return cjson.encode(t)
local t = {[0]=0} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[2]=0;[5]=1;14;47;a_k=4;[6]=5} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {21} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {g1=0;[0]=1;[5]=2;69} return cjson.encode(t)
local t = {35;35;c=2;1;34;x=5;4;70;[100]=8} t[1] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[6]=0;[10]=1;[3]=2;g_k=3;[0]=4} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {h1=0,83} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[4]=0;5;y_k=2;[16]=3;a=6;[3]=7;z1=8} t[8] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[100]=0,a1=1,z=2,a_k=3,[2]=4,e_k=5,[-1]=7} t[7] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {y1=0,96,[0]=2} t[11] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[6]=0;[16]=1;91;12;d_k=4;d1=5;[32]=6} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[1]=0;c1=1;x1=2;8;91;z_k=6;36} t[4] = 1 return cjson.encode(t)
local t = {y1=0} t[5] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {67;[100]=1;c=2;h_k=3} t[10] = 1 t.q = 2 return cjson.encode(t)
local t = {[17]=0,81,67,h=3,c=4} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[100]=0,e=1,d_k=2,[10]=3,2,[17]=5} return cjson.encode(t)
local t = {[1]=0,[3]=1} return cjson.encode(t)
local t = {[17]=0,a=1,[32]=2,z=3} t[4] = 1 t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {d_k=0;[2]=1;47;a_k=3} return cjson.encode(t)
local t = {85;[10]=1;66;x1=3;42} return cjson.encode(t)
local t = {[16]=0;[17]=1;[100]=2;c1=3} return cjson.encode(t)
local t = {[-1]=0;97;b=2;[10]=3} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[8]=0;[17]=1} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {a1=0;f=1;z1=2;[100]=3;g=4;35;x1=6} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {15;g_k=1} return cjson.encode(t)
local t = {[100]=0,[16]=1} return cjson.encode(t)
local t = {[5]=0;85;20;33;[32]=4;f1=5;g_k=6} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {11;[100]=1;[7]=2;[2]=3;53;d1=5} t.q = 2 return cjson.encode(t)
local t = {d=0;29;84;f1=3;a=4} t[3] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {c1=0,h=1,[5]=2,[16]=3,4} t.q = 2 return cjson.encode(t)
local t = {[-1]=0,e_k=1,37,46,15,68,b_k=6,[16]=7} return cjson.encode(t)
local t = {[17]=0,[7]=1} t[11] = 1 t.q = 2 return cjson.encode(t)
local t = {g_k=0,d1=1,x_k=2,[6]=3} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {c=0,[6]=1,h_k=2,f_k=4,[16]=5,e_k=6,a1=7,d1=8} t[6] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {d=0;f1=1;g1=2} t.q = 2 return cjson.encode(t)
local t = {65;h=1;x1=2;[5]=3;g1=4} return cjson.encode(t)
local t = {b=0,93} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {z=0;[8]=1;d1=2;[100]=3;[1]=4;x_k=5;[0]=6;[4]=7;28} return cjson.encode(t)
local t = {91} t[6] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[2.5]=0;41;70;[2]=3;b=4;x_k=5;62;f_k=7;b_k=8} return cjson.encode(t)
local t = {56} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[100]=0;[0]=1;[8]=2} t[8] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {b1=0;h=1;[2]=2;[8]=3;e_k=4;[17]=5;73} return cjson.encode(t)
local t = {[2.5]=0;77;d_k=2;c=3} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {93,69,h1=2,58} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {g_k=0;[2.5]=1;f=2} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {51;[7]=1;12} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[-1]=0,z=1,y1=2,[100]=3,a1=4,52,c1=6,z_k=7,h_k=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {41;[17]=1;[3]=2;e1=3;f_k=4;[2]=6;68;e=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {17,[8]=1,75,d_k=3,59,d=6,b=7} t[7] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {62} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {e1=0,[2.5]=1,a1=2,g=3,33} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {f1=0,[-1]=1,e1=2} t[9] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {y1=0,c=1,88,18,[6]=4,[2]=5,[10]=6} t[2] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {g_k=0,61,h_k=2,b_k=3,e=4,[8]=5,23,[100]=7} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[32]=0} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {h1=0;h=1;50;72} t[10] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {c=0,x=1,x_k=2,56,[7]=4,[2.5]=5,32,[32]=7} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {8} t[5] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {g=0,51,37,[4]=3,[16]=4,[2]=6,[5]=7} t.q = 2 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {76;f1=1;z_k=2;b1=3;[32]=4;18;a1=6;c_k=7} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {85;d_k=1;[4]=2;y_k=3} t[11] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {53,x1=1,y1=2,c_k=3,[6]=5,2,[2]=7,g1=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {x=0;y_k=1;46;f=3;97;y1=5;86;20;f_k=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[16]=0;y_k=1;73} t[7] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {d_k=0;33;[17]=2;h_k=3;[100]=4} t[4] = 1 local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {d1=0;66;z_k=2;e=3;c=4} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {g=0,d1=1,68,z1=3,[8]=4} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {50;g1=1;[3]=2;d_k=3;[16]=4;g_k=5;z1=6;[6]=7;[1]=8} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[2.5]=0,[4]=1,y=2,[2]=3,36,40,62,z1=7} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {34,[2]=1,62,[6]=3} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {23;15;[16]=2;46} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {x=0;b=1;a=2;[17]=3;[2]=4;y=5;z=6} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
local t = {[2.5]=0;[1]=1;[10]=2;34;11;x_k=5;38;[6]=7} local r = {} for k, v in pairs(t) do r[#r+1] = tostring(k) end return r
