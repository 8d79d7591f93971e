-- Amazons' bound on legal moves holds for the four amazons a side starts
-- with: a position string with twelve is refused, not a game whose moves
-- overflow later.
-- run: show {dir}/../../rulesets/amazons.lua -o size=8 --position 'AAAAAAAA/A.A.A.A./......../......../......../......../......../aaaa.... 1 - 0'
-- stderr: position: 12 pieces of one colour; this game has at most 4
return nil
