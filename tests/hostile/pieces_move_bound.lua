-- Hosts are promised that 1024 moves are always enough: a game whose steps
-- and slides could give a position more moves than the engine keeps (678) is
-- refused when it loads, here a 26x26 Clobber (338 stones, 4 steps each).
-- run: play {dir}/../../rulesets/clobber.lua -o rows=26 -o columns=26 --p1 random --p2 random
-- stderr: pieces: 338 pieces with up to 4 steps or slides each could have more than 678 legal moves
return nil
