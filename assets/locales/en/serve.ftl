# English: serve. See words.ftl for the conventions.

## What the server says outside the game's screens

serve-no-commands = nim-tui runs no commands: connect with plain `ssh -t` to play.
# The keyboard-interactive prompt, before the answer typed after it.
serve-code-prompt = Class code:{" "}
serve-code-instructions = Type the code your teacher gave the class.
serve-idle-warning = No key for a while: press any key within { $seconds } s to stay connected.
serve-idle-kicked = Disconnected: no key was pressed for too long. Connect again to play.
serve-stopping-game = The server is stopping. Your game was kept as ended by the server: it does not count as a loss.
serve-stopping = The server is stopping. Thank you for playing.
serve-no-records = records are not kept on the server

## The lobby

serve-lobby-title = nim-tui · a classroom · you are { $me }
serve-people = { $n ->
        [one] On the server: { $n-digits } person
       *[other] On the server: { $n-digits } people
    }
serve-in-lobby = in the lobby
# Someone on another host sharing the database (#40): what they are doing, and the host.
serve-on-host = { $doing } (on { $host })
serve-playing-ai = playing the AI
serve-playing = playing { $with }
serve-watching-someone = watching { $whom }
serve-you = { $name } (you)
serve-teacher = { $name } (teacher)
serve-board-ai = Against the AI: wins without help / games, per game and level
serve-board-players = Between players: wins / games
serve-board-title = Standings
serve-board-empty = No game finished yet.
# A line of the leaderboard against the AI: `nim · perfect: alice 3/4  bob 1/2`.
serve-board-line = { $game } · { $level }: { $names }
serve-lobby-keys = { $enter } play the AI or challenge · c challenge · w watch · ↑/↓ choose · l lines for screen readers · { $quit } leave
serve-challenged = { $by } challenges you to a game: y accept · n decline
serve-challenge-sent = Challenge sent to { $to }: waiting for an answer…
serve-declined = { $by } declined the challenge.
serve-move-limit = The game reached { $moves } moves, the most a game may have here: it ended, kept as ended by the server (not a loss).
serve-left = { $who } left the game.
serve-busy = { $who } is busy: challenge someone in the lobby.
serve-nothing-to-watch = { $who } is not playing: nothing to watch.
serve-asking-to-watch = { $who } plays on another host: their game is on its way.

## At a table

serve-watched-by = Watching: { $names }
serve-watching = You are watching { $players } · { $quit } back to the lobby
serve-players-two = { $first } and { $second }
serve-players-ai = { $first } against the AI
# Between names in a list: `carol, dave`.
serve-list-separator = {", "}

## The teacher's console: a student's answer in a class race

serve-assignment-won = { $name } won in { $seconds } s
serve-assignment-lost = { $name } lost, after { $seconds } s

## The classroom: telling each player what happened

serve-top-ask-leave = Leave this game? It counts as a loss: y leave · any other key stay
serve-top-away = { $who }'s connection dropped: the game waits up to { $minutes } min for them · { $quit } leave (a win for you)
serve-top-gone = { $who } has left the table · { $quit } back to the lobby
serve-top-back = Welcome back: your game is where you left it.
serve-top-given = A position from { $teacher }, for the whole class: play it against the AI
serve-top-given-watched = A position from { $teacher }, for the whole class · watching: { $names }
serve-host-lost = The server { $who } was playing on stopped answering: the game was ended by the server, and counts for no one.
serve-left-you-won = { $who } left the game in play: it counts as a win for you.
serve-you-left = You left the game: it counts as a loss.
serve-watched-ended = The game you watched ({ $players }) has ended.
serve-engaged = { $who } is answering another challenge: try again in a moment.
serve-given-while-busy = { $teacher } gave the class a position while you were playing: press { $enter } on your name for a game of your own.
serve-give-lost = In { $position } whoever moves first loses against perfect play: g again gives it with the AI moving first (a win for a student who plays well) · any other key does not give it.
serve-given = Activity { $activity }: { $count ->
    [one] Position { $position } given to 1 student
   *[other] Position { $position } given to { $count-digits } students
}{ $hosts ->
    [0] {""}
    [one] {" "}here, and sent to 1 other host for its students
   *[other] {" "}here, and sent to { $hosts-digits } other hosts for their students
}{ $second ->
    [yes] , the AI moving first.
   *[no] .
}
serve-confirm-quit = Leave the server? y leave · any other key stay
serve-kicked = The teacher sent you off the server. Ask them before you connect again.

## The teacher's console

console-title = nim-tui · teacher's console · { $me } · { $n-digits } here, { $playing-digits } playing
console-class = Class
console-name = Name
console-doing = Doing
# A student on another host sharing the database (#40), on the console: the name and the host.
console-name-on-host = { $name } · { $host }
console-position = Position
console-accuracy = Accuracy
console-games = Won
console-last = Last result
console-won-ai = won · { $game } · { $level }
console-lost-ai = lost · { $game } · { $level }
console-won = beat { $opponent } · { $game }
console-lost = lost to { $opponent } · { $game }
console-ended = ended by the server · { $game }
console-race = Class race: { $position }
console-race-waiting = { $n ->
    [one] 1 student is playing it: nobody has finished yet.
   *[other] { $n-digits } students are playing it: nobody has finished yet.
}
console-keys = { $updown } choose · { $enter } watch · g give the chosen game's position to everyone · k send off · v projector · p play the AI · { $tournament } tournament · { $quit } leave
console-projector-keys = v back to the class · { $quit } leave
console-join = Join the class
console-join-terminal = In a terminal, type:
console-join-code = then the class code:
console-join-no-code = No class code: press Enter at the password prompt.
console-standings = Standings: wins, then accuracy (winning positions kept)
console-confirm-kick = Send { $who } off the server? y send off · any other key no
console-kicked = { $who } was sent off the server.
serve-top-paused = Paused by the teacher: wait for the class to go on.
console-paused = The activity is paused: nobody in it can move (space goes on).
console-resumed = The activity goes on.
console-activity-ended = The activity has ended: games still in it were ended by the server (not losses).
console-no-activity = No activity in progress: a starts one, g gives the chosen game's position.
console-no-database = The database is out of reach: no activity was given. Try again when it is back.
console-draft = Next activity: hints { $hints ->
    [yes] on
   *[no] off
} (h) · { $minutes ->
    [0] no time limit
   *[other] { $minutes } min
} (t) · a choose its game
console-race-state = { $paused ->
    [yes] paused (space goes on) · e end
   *[no] { $ended ->
        [yes] ended
       *[no] space pause · e end
    }
}
console-activity = Activity
console-no-race = No activity yet: g gives everyone the chosen student's position; a chooses a game to give.
console-puzzles = puzzles, { $difficulty }, from #{ $number-digits }

## The web door (`--web`): the join page, and why a browser is not let in

serve-web-title = Nim — join the class
serve-web-name = Your name
serve-web-code = Class code
serve-web-code-hint = Teachers: your teacher token
serve-web-language = Language
serve-web-language-auto = The browser's
serve-web-join = Join
serve-web-connecting = Connecting…
serve-web-lost = The connection was lost. Joining again…
serve-web-ended = You have left the game.
serve-web-rejoin = Join again
serve-web-plain = Plain text, for screen readers
serve-web-plain-hint = The game as lines of text and a box to type commands in, instead of a terminal.
serve-web-lines = The game
serve-web-command = Your command or move
serve-web-send = Send
serve-web-wrong-code = Wrong class code.
serve-web-locked = Too many wrong class codes from your address: wait a few minutes.
serve-web-full = The class is full: ask your teacher.
serve-web-full-here = Too many players from your address: ask your teacher.
serve-web-timeout = Joining took too long: try again.
serve-web-bad-hello = The page and the server do not understand each other: reload the page.
serve-web-stopping = The server is stopping.
console-join-browser = or in a browser, open:

# Ratings (#39)
serve-board-rating = Your rating (Glicko-2; ? is provisional)
serve-board-rating-none = None yet. Rated: games against the AI's easy, medium and hard levels, and games with another player, who moves first in turn; without hints or undo.
console-rating = Rating
serve-board-accuracy = Accuracy: { $accuracy } of the winning positions met kept winning
serve-board-hardest = In lost positions: { $share } of your moves left the opponent the fewest winning replies

## Class tournaments (#39): the teacher's choice, the standings, the students' line.
tourney-kind = { $kind ->
    [arena] Arena
    [round_robin] Round robin
   *[swiss] Swiss
}
tourney-game = { $game }, { $mode }
tourney-choose-title = New tournament
tourney-choose-arena = Arena, { $minutes } min: paired again as soon as both are free; 2 points a win, 4 on a streak
tourney-choose-round-robin = Round robin: everyone meets everyone once (up to { $most } players)
tourney-choose-swiss = Swiss, { $rounds } rounds: like scores meet, never twice
tourney-choose-who = Players: { $count ->
    [one] the one student
   *[other] the { $count } students
} in the lobby now (late comers join an arena only). Games as a challenge is played: { $game }.
tourney-choose-keys = { $updown } kind · { $leftright } length · { $enter } start · { $quit } cancel
tourney-heading = { $kind } · { $game } · { $state }
tourney-state-arena = { $minutes } min · { $playing ->
    [one] 1 game
   *[other] { $playing } games
} in play
tourney-state-rounds = round { $round } of { $rounds } · { $playing ->
    [one] 1 game
   *[other] { $playing } games
} in play
tourney-ending-state = ending: the games in play are played out
tourney-ended-state = over: final standings
tourney-rank = #
tourney-player = Player
tourney-points = Points
tourney-games = Games
tourney-won = Won
tourney-fire = Streak
tourney-on-fire = on fire
tourney-confirm-end = End the tournament? y ends it (the games in play are played out) · any other key no
tourney-started = { $kind } started with { $count } students: they are seated at their games.
tourney-too-few = A tournament needs at least 2 students in the lobby ({ $count } there now).
tourney-too-many = { $count } students are in the lobby: a round robin takes { $most } at most; choose Swiss.
tourney-running = A tournament is running already.
tourney-no-database = The database is out of reach: the tournament was not started. Try again when it is back.
tourney-ending = The tournament is ending: no new game starts; the games in play are played out.
tourney-lobby = Tournament: { $place }. of { $count } · { $points } points · { $next }
tourney-lobby-arena = you are paired as soon as another player is free
tourney-lobby-round = next game when round { $round } is over
tourney-lobby-bye = a bye this round (a point)
tourney-lobby-ended = the tournament is over
tourney-lobby-ending = no new games: the tournament is ending
