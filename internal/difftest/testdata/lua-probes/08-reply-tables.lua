return {double=1/3}
return {double=1/0}
return {double=-1/0}
return {double=0/0}
return {double='x'}
return {big_number='1\r\n2'}
return {verbatim_string={format='txt', string='hello'}}
return {verbatim_string={format=1, string='hello'}}
return {map={a=1,b=2,c=3}}
return {map={}}
return {set={a=true,b=true,c=true}}
return {map={[1]={set={x=true}}}}
return {double=1.5}
return {big_number='123'}
return {map={a=1}}
return {set={a=true}}
