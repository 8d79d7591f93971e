-- Gives every string a __tostring and a __name, then declares a string option.
local mt = getmetatable('')
mt.__tostring = function() return 'HIJACKED' end
mt.__name = 'HIJACKED'
local o = options { edge = { default = 'wide', doc = 'a string default' },
                    n = { default = 3, doc = 'a number' } }
return game {
  name = 'T', description = 'strings with a __tostring',
  board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full',
}
