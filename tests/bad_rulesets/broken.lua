-- A ruleset with a mistake on line 5: a misspelt field.
return game {
  name = "Broken",
  board = grid { width = 3, height = 3 },
  ends = "bord_full",
}
