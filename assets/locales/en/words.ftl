# The game's words in English. Each message has an id that the code asks for; `src/words.rs`
# is where the code asks. A count `$n` comes with `$n-digits`, every digit of it, for showing.

tokens-count = { $n-digits } { $n ->
    [one] token
   *[other] tokens
}
