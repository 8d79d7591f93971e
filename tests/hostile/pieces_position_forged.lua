-- A position string with a letter that is no kind of the game is refused
-- with the column, not read as some cell value.
-- run: show {dir}/../../rulesets/checkers.lua --position 'q......./......../......../......../......../......../......../........ 1 - 0 0'
-- stderr: position: 'q' at column 1 is not '.', '#', '/' or a piece's letter
return nil
