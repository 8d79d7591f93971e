-- The connected end reads pieces on a grid: a mancala's holes hold seeds.
-- stderr: generators and piece ends need moves = move
return game { name = 'T', board = mancala { holes = 3, seeds = 2 }, moves = sow {}, ends = { 'board_empty', 'connected' } }
