# The game's words in English, one file per part of the program (words, play, learn, cli, serve),
# the same ids in every language (tests/it/i18n.rs checks it). The code asks for each id whole,
# in quotes, with its arguments (`crate::i18n::text_with`) and never glues sentences together.
# A count `$n` comes with `$n-digits`, every digit of it, for showing; `$n` chooses the plural.

tokens-count = { $n-digits } { $n ->
    [one] token
   *[other] tokens
}
