"""Every UI string: the English here is the source, other languages are gettext catalogues
(``assets/locale/<lang>/LC_MESSAGES/ui.po``, the key as message context); look up with :func:`tr`.
"""

from __future__ import annotations

from typing import Union

from cats import GAMES, words
from cats.core import GameInfo, OptionSpec
from screens.assets import asset_path, read_text
from screens.text_tables import TABLE_STRINGS

LANGUAGE_NAMES = {"en": "English", "zh-TW": "繁體中文"}

# A string is a whole sentence, or (singular, plural) chosen by the value ``n``.
STRINGS: dict[str, dict[str, Union[str, tuple[str, str]]]] = {
    "en": {
        "app.title": "Nine Lives",
        "app.tagline": "Five cat games, one cosy table",
        "menu.continue": "Continue",
        "menu.new": "New game",
        "menu.load": "Load",
        "menu.profiles": "Players",
        "menu.settings": "Settings",
        "menu.rules": "Rules",
        "menu.quit": "Quit",
        "menu.library": "Choose a game",
        "menu.workshop": "In the workshop",
        "menu.resume_problem": "The autosave could not be loaded: {error}",
        "load.autosave": "Autosave",
        "game.menu": "Menu",
        "game.undo": "Undo",
        "game.redo": "Redo",
        "game.hint": "Hint",
        "game.save": "Save",
        "game.load": "Load",
        "game.rules": "Rules",
        "game.settings": "Settings",
        "game.restart": "Replay this deal",
        "game.quit": "Quit to menu",
        "game.resume": "Back to the game",
        "game.log": "Move log",
        "game.thinking": "{name} is thinking…",
        "game.turn": "{name}: {prompt}",
        "game.over": "Game over",
        "game.new_deal": "New deal",
        "game.saved": "Saved as “{slot}”.",
        "game.hint_is": "Hint: {move} (expected score {value:.1f})",
        "game.no_hint": "No hint available here.",
        "game.error": "Something went wrong: {error}.",
        "game.error_saved": "Your game was autosaved.",
        "game.error_kind": "{kind}: {error}",
        "saving.title": "Games are not being saved",
        "saving.ok": "Keep playing",
        "saving.body": "You can keep playing; Nine Lives tries to save again after every move.",
        "lock.title": "Nine Lives is already open",
        "lock.body": "Two copies on one data folder would overwrite each other's games. You can "
                     "look at your games here without saving anything, or quit and use the other "
                     "window.",
        "lock.read_only": "Open read-only",
        "lock.quit": "Quit",
        "lock.notice": "Read-only: nothing is saved while the other copy of Nine Lives is open.",
        "handoff.title": "Pass the computer to {name}",
        "handoff.body": "Only {name} should look now. Hands stay hidden until you confirm.",
        "handoff.ready": "I am {name} — show my hand",
        "handoff.menu": "Esc: the game's menu (save, quit) — nothing is shown",
        "game.done_undo": "{name}: pass the computer on when you are done (or take the move back)",
        "game.done": "Done",
        "game.take_back": "Undo my move",
        "game.results": "Round over: everybody can look — click the table to go on",
        "settings.confirm": "Done / Undo before passing",
        "new.title": "New game: {title}",
        "new.players": "Players",
        "new.seat": "Seat {n}",
        "new.human": "Human",
        "new.bot": "Bot: {level}",
        "new.level.1": "Kitten (easy)",
        "new.level.2": "Tomcat (medium)",
        "new.level.3": "Lion (hard)",
        "new.option": "{option}: {value}",
        "new.seat_problem": "Seat {n}: {problem}.",
        "new.same_name": "Two seats are both called {name}: give each player their own name.",
        "new.seed": "Seed (empty = random)",
        "new.daily": "Deal of the day",
        "new.start": "Start",
        "new.back": "Back",
        "new.remote": "Another computer",
        "game.seats": "Seats: hand over to a bot…",
        "seats.help": "Someone has to leave? A bot plays their seat until they take it back. "
                      "The save and the replay keep who played when; no undo reaches back "
                      "across a handover.",
        "seats.to_bot": "Give {name}'s seat to a bot",
        "seats.back": "Give the seat back to {name}",
        "seats.level_title": "Which bot plays for {name}?",
        "seats.now_bot": "{level} plays for {name} now.",
        "seats.now_person": "{name} is back at the table.",
        "new.host": "Host the table",
        "menu.host": "Host a table",
        "menu.join": "Join a table",
        "net.leave": "Leave the table",
        "net.their_turn": "{name} is playing at their computer…",
        "net.away": "{name} is away: the table waits for them (the host may give the seat to a bot)",
        "net.lost": "The connection to the host was lost: trying again…",
        "net.lobby_title": "Your table: {title}",
        "net.code": "Join code: {code}",
        "net.invite": "Invite (for a guest who types it): {invite}",
        "net.lobby_help": "Friends choose Join a table on their computer, pick this table or type "
                          "the invite, and give the join code. Open the table when you like: a "
                          "seat still empty waits for its player, or give it to a bot.",
        "net.seat_open": "Seat {n}: waiting for a player",
        "net.seat_guest": "Seat {n}: {name}",
        "net.seat_away": "Seat {n}: {name} (away)",
        "net.seat_here": "Seat {n}: {name} (at this computer)",
        "net.seat_bot": "Seat {n}: {name} (bot)",
        "net.open_table": "Open the table",
        "net.give_bot": "Bot",
        "net.give_back": "Person",
        "net.close": "Close the table",
        "net.join_title": "Join a table",
        "net.invite_field": "Invite or address (host:port)",
        "net.code_field": "Join code",
        "net.name_field": "Your name",
        "net.join": "Join",
        "net.found": "Tables on this network",
        "net.none_found": "No tables found here: type the invite the host gives you.",
        "net.connecting": "Connecting…",
        "net.refused": "The host said: {reason}",
        "net.failed": "Could not reach the table: {reason}",
        "net.host_failed": "The table could not be opened: {error}",
        "net.announce": "Announce on the local network: {value}",
        "net.resume": "Host it again",
        "net.resume_help": "Your last table is not over: {title}, {moves} moves in. Host it "
                           "again with the same seats (friends come back to their seats), or "
                           "host a new one.",
        "net.new_table": "Host a new table",
        "net.not_begun": "Waiting for the host to open the table…",
        "net.copy": "Copy the invite",
        "net.copied": "The invite is on the clipboard: paste it to your friends.",
        "net.no_copy": "There is no clipboard here: read the invite out or type it.",
        "net.watching": "You are watching this table: every hand stays hidden.",
        "net.watch": "Watch",
        "net.rejoin": "Back to your seat: {title}, hosted by {host}",
        "net.table_of": "{title}, hosted by {host}",
        "load.title": "Load a game",
        "load.empty": "No saved games yet.",
        "load.load": "Load",
        "load.delete": "Delete",
        "load.broken": "Cannot be read: {error}",
        "settings.title": "Settings",
        "settings.music": "Music volume",
        "settings.effects": "Effects volume",
        "settings.no_sound": "No sound device was found: the game plays on without sound.",
        "settings.muted": "All sound is off: press M to turn it back on.",
        "sound.muted": "Sound off — press M to turn it back on",
        "sound.unmuted": "Sound on — M turns it off",
        "settings.animation": "Animation speed",
        "settings.scale": "Interface size",
        "settings.marks": "Colour-blind marks",
        "settings.contrast": "High contrast",
        "settings.language": "Language",
        "settings.pace": "Bot pace (seconds)",
        "settings.pace_value": "{seconds:g} s",
        "settings.done": "Done",
        "settings.next": "Click for the next choice",
        "settings.not_saved": "Settings could not be saved ({error}); they apply until you quit.",
        "profiles.title": "Players and hotseat groups",
        "profiles.not_saved": "Players could not be saved ({error}); changes last until you quit.",
        "profiles.add": "Add player",
        "profiles.colour": "Colour",
        "profiles.symbol": "Symbol",
        "profiles.group_sep": " & ",
        "profiles.name": "Name",
        "rules.title": "Rules",
        "rules.workshop": "# {title}\n\nThis game is still in the workshop; its rules page comes with it.",
        "rules.keys_title": "Keys",
        "rules.keys.tab": "**Tab** and **Shift+Tab** move the blue ring over the buttons and fields "
                          "of any page; **Enter** or **Space** presses the button in the ring.",
        "rules.keys.lists": "In a list, a drop-down or a slider the **arrow keys** choose; a long "
                            "text scrolls with them (and **Page Up**, **Page Down**, **Home**, "
                            "**End**).",
        "rules.keys.pick": "At the table the **arrow keys** move the cursor (a blue ring with a "
                           "down arrow above it) over the pieces you may move now; **Enter** picks "
                           "one up.",
        "rules.keys.drop": "Then the **arrow keys** move over the lit places it may go (the ring "
                           "shows a cross); **Enter** puts it there, **Enter** on the piece itself "
                           "clicks it, **Esc** puts it back.",
        "rules.keys.buttons": "Moves made with buttons (a prediction, a choice, a route) are "
                              "reached with **Tab**.",
        "rules.keys.table": "**Esc**: the game's menu. **Ctrl+Z** and **Ctrl+Y**: undo and redo. "
                            "**Space**: skip an animation. **Enter**: Done, and puts a round's "
                            "results away. **F11**: full screen.",
        "end.title": "Game over",
        "end.best": "Best for {name}: {best}",
        "end.new_best": "A new best for {name}!",
        "end.again": "Play again",
        "end.menu": "Main menu",
        "replay.title": "Replay: {title}",
        "replay.after": "{title} — {name}: {move}",
        "replay.counter": "move {n} / {total}",
        "replay.as_seat": "As {name} saw it",
        "replay.table": "The table (what everyone sees)",
        "replay.everything": "Everything (whoever acts)",
        "replay.chooser_tip": "Click for the next way of watching",
        "load.watch": "Watch",
        "end.watch": "Watch the replay",
        "menu.stats": "Stats",
        "stats.title": "Stats: {name}",
        "stats.nobody": "No players yet: add one on the Players page.",
        "stats.none": "No finished games recorded for {name} yet.",
        "stats.next": "Next player",
        "stats.played": "Played and won",
        "stats.row": "{game}, {players}: {won} of {played} won",
        "stats.players.1": "solo",
        "stats.players.n": "{n} players",
        "stats.bots": "Against bots",
        "stats.bot_row": "{level}: {won} of {played} won",
        "stats.best": "Best scores",
        "stats.best_row": "{variant}: {score}",
        "stats.recent": "Recent results",
        "stats.without": "without {option}",
        "stats.recent_row": "{date} · {game}: {result}",
        "stats.game_players": "{game}, {players}",
        "stats.variant_note": "{variant} ({note})",
        "stats.bot_level": "{level} ({n})",
        "stats.won": "won ({score})",
        "stats.lost": "lost ({score})",
        "stats.damaged": "{problem} — nothing new is recorded until it is repaired or removed.",
        "stats.not_saved": "Stats could not be saved ({error}).",
        "box.aids.title": "Still open this round",
        "box.aids.open": "open",
        "box.aids.gave_up": "gave up",
        "speed.0": "Off",
        "speed.0.5": "Slow",
        "speed.1": "Normal",
        "speed.2": "Fast",
        "on": "On",
        "off": "Off",
        "tutorial.button": "Tutorial",
        "tutorial.you": "Player",
        "tutorial.rival": "Tutor cat",
        "tutorial.title": "Tutorial: step {step} of {steps}",
        "tutorial.finished": "Tutorial: play on",
        "tutorial.why": "Why: {point}",
        "tutorial.section": "Rules page: {section}",
        "tutorial.not_that": "Not that one: {prompt}",
        "tutorial.watch": "Watch your rival's move…",
        "tutorial.skip": "Skip",
        "tutorial.rules": "Rules",
        "tutorial.exit": "Exit",
        "tutorial.play_on": "Play on",
        "table.choosing": "{name} is choosing a move…",
        "table.waiting_for": "Waiting for {name}.",
        "catchess.your_cards": ("Your goal card", "Your goal cards"),
        "catchess.met_now": "{met} of {goals} goals met now",
        "catchess.if_dropped": "if dropped here: {later} of {goals} (now {met})",
        "catchess.goal_cards": "Goal cards",
        "catchess.secret_handoff": "Secret: each player sees only their own card, after the "
                                   "hand-off.",
        "catchess.secret_round": "Every card is secret until the round ends; then all are shown "
                                 "with ticks.",
        "catchess.goal_card": "Goal card {number}",
        "catchess.centre_out": "from the centre out",
        "catchess.either_way": "either way",
        "catchess.in_order": "in path order, {reading}",
        "catchess.neighbours": "next to each other",
        "catchess.awake_key": "awake: may still act once",
        "catchess.asleep_key": "asleep: done for this round",
        "catchess.trail": "The trail runs from 1 (outer end) to 12 (centre); small stepping "
                          "stones join other neighbours.",
        "catchess.drag_waiting": "Drag a waiting cat from the basket onto any empty region.",
        "catchess.drag_any": "Drag a cat: from the basket onto an empty region, or an awake cat "
                             "next door.",
        "catchess.round_of": "Round {round} of {rounds}",
        "catchess.goals_scored": ("{n} goal scored", "{n} goals scored"),
        "catchess.tokens": ("{n} etiquette token", "{n} etiquette tokens"),
        "catchess.started": "{info} · started the round",
        "catchess.turn_of": "Turn {turn} of {per} this round",
        "catchess.met_solo": "Goals met now: {score} of {out_of}",
        "catchess.best_solo": "Best possible: {best} of {out_of}",
        "catchess.just_swapped": "Just swapped: {cats} — neither may swap this turn (they may "
                                 "still stay or move to an empty region).",
        "catchess.stay_caption": "Or let a cat sleep where it is:",
        "catchess.show_round": "Show round {round} result",
        "catchess.drag_cat": "Drag {cat} onto a lit neighbour to move or swap it, or press "
                             "“{cat} stays” below to let it sleep here.",
        "catchess.stay_tip": "{label}: it falls asleep where it is",
        "catchess.counting": "Counting the goals met this round…",
        "catchess.solo_result": "You met {total} goals; the best possible was {best}.",
        "catchess.solo_result_last": "You met {total} goals; the best possible was {best} (last "
                                     "round).",
        "catchess.board_shows_cards": "The board shows every card of the last round.",
        "catchess.board_shows_best": "The board shows one garden that reaches the best score.",
        "catchess.waiting": "Waiting cats",
        "catchess.waiting_drag": "Waiting cats — drag one onto an empty region",
        "catchess.all_placed": "Every cat is in the garden",
        "catchess.sits_on": "on {region}",
        "catchess.hint_place": "Gold ring: you may pick it up. Drop a waiting cat on any empty "
                               "region.",
        "catchess.hint_activate": "Gold ring: you may pick it up. An awake cat goes to a "
                                  "neighbouring region: empty = move, taken = swap; then it falls "
                                  "asleep.",
        "table.last_move": "Last move: {name} {move}",
        "table.you": "{name} (you)",
        "table.tagged": "{name} ({tags})",
        "table.tag_sep": ", ",
        "table.tag.you": "you",
        "table.tag.bot": "bot",
        "table.tag.leads": "leads",
        "table.click_close": "click to close",
        "catchess.outer_end": "outer end",
        "catchess.centre": "centre",
        "catchess.card_met": "{met}/4 met",
        "catchess.setting_out": "Setting out the garden…",
        "catchess.counting_best": "Counting the goals and working out the best score these cards "
                                  "allowed…",
        "catchess.scored": "Round {round} scored · every card revealed",
        "catchess.scored_over": "Round {round} scored · game over · every card revealed",
        "catchess.final_garden": "Final garden",
        "catchess.solo_scored": "Round {round} scored: you met {got} of 12 goals",
        "catchess.best_found": "The best these three cards allowed: {score} of 12 — you found it!",
        "catchess.best_was": "The best these three cards allowed: {score} of 12.",
        "catchess.your_garden": "Your garden: {got}",
        "catchess.region_cat": "Region: cat in that garden",
        "catchess.card": "Card {number}",
        "menu.show_result": "Show the result",
        "leave.title": "Leave this game?",
        "leave.keep": "Keep playing",
        "leave.save": "Save it first",
        "leave.go": "Leave it",
        "leave.body": "The game in progress stays in Load as an autosave; you can also save it "
                      "under a name.",
        "save.reserved": "“{slot}” is kept for the automatic save: choose another name.",
        "save.exists": "A save named “{slot}” exists: press OK again to replace it.",
        "end.look": "Look at the board",
        "end.profiles_not_saved": "Could not save profiles: {error}",
        "game.nothing_to_undo": "Nothing to undo here: a revealed card or another player's move "
                                "cannot be taken back.",
        "load.finished": "finished",
        "load.many_players": "{n} players ({first}, …)",
        "load.player_sep": ", ",
        "load.row": "{name} — {title}, {players} — {state} — {when}",
        "load.choose": "Choose a saved game first.",
        "load.not_playable": "{title} cannot be played in this version yet.",
        "load.deleted": "Deleted “{slot}”.",
        "load.delete_title": "Delete “{slot}”?",
        "load.keep": "Keep it",
        "load.delete_it": "Delete it",
        "load.delete_body": "A deleted save cannot be brought back.",
        "profiles.placeholder": "A new player's name",
        "profiles.exists": "{name} is already on the list.",
        "profiles.nobody": "Nobody yet: players are added here or when a game starts.",
        "profiles.best": "{game}: best {best}",
        "profiles.more": "… and {n} more",
        "profiles.groups": "Hotseat groups",
        "profiles.wins": "{name} {n}",
        "profiles.group": "{group}: {tally}",
        "profiles.no_wins": "no wins yet",
        "menu.in_workshop": "{title} is still in the workshop.",
        "gambit.top": "top",
        "gambit.bottom": "bottom",
        "gambit.second_bottom": "second from bottom",
        "gambit.from_bottom": "{n} from bottom",
        "gambit.burrow_title": "Burrow: the bottom of the deck",
        "gambit.burrow_hint": "drag the left card onto the right one to swap",
        "gambit.bottom_last": "bottom (drawn last)",
        "gambit.checks_umbra": "checks Umbra",
        "gambit.pawn_to_place": "Pawn to place",
        "gambit.drawn_card": "Drawn card",
        "gambit.score_so_far": "Score so far",
        "gambit.score_line": "{label}: {points}",
        "gambit.total": "Total: {score}",
        "gambit.umbra_gone": "gone for good",
        "gambit.umbra_at": "on the board at {side}",
        "gambit.umbra_waiting": "waiting",
        "gambit.umbra": "Queen Umbra: {state}",
        "gambit.checks": "Checks on Aurelia: {checks} of 2",
        "gambit.known": "You know in the deck:",
        "gambit.thinking": "Thinking about a hint…",
        "box.round_of": "Round {round} of {rounds}",
        "box.setting_aside": "setting aside",
        "box.predictions": "predictions",
        "box.trick_done": "trick {n} of {of} is complete",
        "box.trick_of": "trick {n} of {of}",
        "box.game_over": "game over",
        "box.led": "led:",
        "box.red_open": "red (trump) open",
        "box.red_closed": "red (trump) not open yet",
        "box.hidden": "Hands stay hidden until the next player confirms.",
        "box.all_bots": "Every seat is a bot: watch them play.",
        "box.over": "The game is over: the scores are in the side panel.",
        "box.waiting": "Waiting for {name}…",
        "box.aside_how": "Drag one card face down onto the set-aside spot (or click a card, then "
                         "the spot). It sits out this round.",
        "box.predict_how": "How many tricks will you win this round?",
        "box.chosen": "Your {card}: click a lit space, or a button.",
        "box.play_how": "Drag a card to its number's column on the board: the row you drop it in "
                        "is the colour you declare (or click a card, then a space).",
        "box.cards": ("{n} card", "{n} cards"),
        "between.shelf.start": "Start",
        "between.shelf.one": "1 win",
        "between.shelf.two": "2 wins",
        "between.shelf.crown": "Crown",
        "between.round": "Round",
        "between.cat_on": "Cat on {n}",
        "between.lures": "Lures {played}/{total}",
        "between.the_cat": "the cat: {n}",
        "between.attracts": "attracts {n}",
        "between.you_hold": "you hold {n}",
        "between.full": "full",
        "between.would_be": "total would be {n}",
        "between.hand_over": "{name}: the game is over.",
        "between.your_turn": "{name}, your turn: drag a card from your hand under a toy that has "
                             "room.",
        "between.hand_waiting": "{name}'s hand · waiting for {mover}",
        "between.hand_of": "{name}'s hand",
        "between.final_total": "your final total",
        "between.if_now": "if the round ended now",
        "between.if_there": "if you play it there",
        "between.passed_cat": "passed the cat by {n}",
        "between.right_on_cat": "right on the cat!",
        "between.short_of_cat": "{n} short of the cat",
        "between.total": "total",
        "between.now": "now {n}",
        "between.nuzzle_over": "Nuzzle of round {round} · game over",
        "between.nuzzle": "Nuzzle! Round {round} · the cat was on {cat}",
        "between.see_all": "click to see it all",
        "between.toys": "Toys:",
        "between.wins_game": "wins the round and the game!",
        "between.wins_round": "wins the round!",
        "between.passed_by": "passed by {n}",
        "between.right_on": "right on the cat",
        "between.short": "{n} short",
        "between.players_round": "Players · round {round} of {rounds}",
        "between.won": "won {n}",
        "between.won_crown": "won {n} · crown!",
        "between.interest": "interest {n}",
        "between.won_last": "won last round",
        "between.goal": "Goal",
        "box.round_start": "round start",
        "box.starts": "starts",
        "box.predicts_unknown": "predicts ?",
        "box.predicts": "predicts {n}",
        "box.won": "won {n}",
        "box.pts": "{n} pts",
        "box.bots_hidden": "Every seat is a bot: their hands stay hidden.",
        "box.aside_title": "Set aside",
        "box.your_aside": "your {number}",
        "box.drop_here": "drop a card here face down",
        "box.paradox_title": "Round {round}: paradox! {name} could not play",
        "box.round_over": "Round {round} is over",
        "box.and_game_over": "{title} · game over",
        "box.result_hint": "largest groups outlined on the board · click to close",
        "box.paradox_hand": "{name}'s hand:",
        "box.paradox_note": "none of these could be declared: −1 per trick won, no bonus",
        "box.and_discarded": "{note}; the unfinished trick was discarded",
        "box.col.tricks": "tricks",
        "box.col.predicted": "predicted",
        "box.col.largest_group": "largest group",
        "box.col.bonus": "bonus",
        "box.col.round": "round",
        "box.col.total": "total",
        "box.paradox_cell": "paradox",
        "box.scores_round": "Scores · round {round} of {rounds}",
        "box.revealed": "Revealed leftovers: {shown} (grey neutral tokens on the board).",
        "box.aim_two": "win four tricks or fewer",
        "box.aim_more": "win exactly the tricks you predicted",
        "box.goal": "Goal: {aim} and grow one connected group of your tokens. Red beats every "
                    "colour; a card has the colour you declare.",
        "box.board_at_end": "The board at the end of round {round}",
        "box.trump": "trump",
        "box.wins_trick": "wins the trick!",
        "box.won_it": "won it",
        "box.led_tag": "led",
        "box.to_play": "to play",
        "box.aside_tag": "set aside",
        "box.predicts_tag": "predicts",
        "box.choosing": "choosing…",
        "box.predicting": "predicting…",
        "box.last_trick_note": "The last trick (click “Back to this trick” to return)",
        "box.back_to_trick": "Back to this trick",
        "box.show_last": "Show last trick",
        "info.solo": "solo",
        "info.players": "{low}–{high} players",
    }
}


def _info_strings() -> dict[str, Union[str, tuple[str, str]]]:
    """Each game's title, blurb and option labels (the English is its info card's)."""
    out: dict[str, Union[str, tuple[str, str]]] = {}
    for gid, game in GAMES.items():
        info = game.info
        out[f"info.{gid}.title"] = info.title
        out[f"info.{gid}.name"] = info.name
        out[f"info.{gid}.blurb"] = info.blurb
        for spec in info.options:
            if spec.kind != "script":
                out[f"info.{gid}.option.{spec.name}"] = spec.label
                if spec.help:
                    out[f"info.{gid}.help.{spec.name}"] = spec.help
    return out


STRINGS["en"].update(_info_strings())
STRINGS["en"].update(TABLE_STRINGS)



def set_language(code: str) -> None:
    """Choose the language of :func:`tr` and of the games' words (unknown codes: English)."""
    words.set_language(code if code in LANGUAGE_NAMES else "en")


def language() -> str:
    """The language the interface is shown in."""
    return words.language()


def tr(key: str, **values: object) -> str:
    """The UI string for ``key`` in the current language, with ``values`` filled in."""
    books = words.catalogue("ui", asset_path("locale")) if words.language() != "en" else None
    text = words.chosen(STRINGS["en"].get(key, key), key, values.get("n"), books)
    return words.spaced(text.format(**values)) if values else text


def default_seat_names(seat: int) -> list[str]:
    """The names a seat gets when nobody types one, in the current language: a player's, then
    a bot's of each level ("Player 2", "Kitten 2", "Tomcat 2", "Lion 2")."""
    return [tr("new.player_name", n=seat + 1)] + [
        tr("new.bot_name", level=tr(f"level.{level}"), n=seat + 1) for level in (1, 2, 3)]


def rules_section(game_id: str, section: str) -> str:
    """A section of a game's English rules page ("Scoring") by its heading on the page in the
    current language (the pages keep their sections in the same order); as it is if not found."""
    lang = language()
    if lang == "en" or not asset_path("rules", lang, f"{game_id}.md").exists():
        return section
    heads = [[line[3:].strip() for line in read_text(*parts).splitlines() if line.startswith("## ")]
             for parts in (("rules", f"{game_id}.md"), ("rules", lang, f"{game_id}.md"))]
    if section in heads[0] and len(heads[0]) == len(heads[1]):
        return heads[1][heads[0].index(section)]
    return section


def file_text(text: str) -> str:
    """A message of the saves layer or the command line (a damaged file, the lock, a name
    refused, saving stopped) in the current language (the ``messages`` catalogue)."""
    return words.engine_text(text, "messages", asset_path("locale"))


def tagged(name: str, tags: list[str]) -> str:
    """A seat's name with its tags ("you", "bot", "leads"), "Ann (you, bot)", in the current
    language."""
    if not tags:
        return name
    said = tr("table.tag_sep").join(tr(f"table.tag.{t}") for t in tags)
    return tr("table.tagged", name=name, tags=said)


def title(info: GameInfo) -> str:
    """A game's title in the current language."""
    return tr(f"info.{info.id}.title")


def short_title(info: GameInfo) -> str:
    """A game's short title (on its library card) in the current language."""
    return tr(f"info.{info.id}.name")


def blurb(info: GameInfo) -> str:
    """A game's one-paragraph description in the current language."""
    return tr(f"info.{info.id}.blurb")


def players_text(info: GameInfo) -> str:
    """"solo" or "2–6 players" in the current language."""
    if info.max_players == 1:
        return tr("info.solo")
    return tr("info.players", low=info.min_players, high=info.max_players)


def option_label(info: GameInfo, spec: OptionSpec) -> str:
    """The label of one of a game's options in the current language."""
    return tr(f"info.{info.id}.option.{spec.name}")


def option_help(info: GameInfo, spec: OptionSpec) -> str:
    """The help line of one of a game's options in the current language ("" if none)."""
    return tr(f"info.{info.id}.help.{spec.name}") if spec.help else ""
