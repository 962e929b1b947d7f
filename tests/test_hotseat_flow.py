"""The hotseat flow on its own (no pygame): whose view is on screen at every step, for a shared
table, a single human with bots, and a game without secrets."""

from __future__ import annotations

from screens.table.hotseat import HotseatFlow, Step


def shared(confirm: bool = True) -> HotseatFlow:
    """Seats 0 and 1 are people, seat 2 a bot; the game has secrets."""
    flow = HotseatFlow({0, 1}, secrets=True, confirm=confirm)
    flow.open(mover=0, over=False)
    return flow


def test_the_first_hand_waits_behind_the_curtain() -> None:
    flow = shared()
    assert flow.step is Step.SHOW and flow.viewer is None
    flow.settled()
    assert flow.step is Step.CURTAIN and flow.curtain_for == 0 and flow.viewer is None
    flow.ready()
    assert flow.step is Step.PLAY and flow.viewer == 0 and flow.may_play(0)


def test_done_then_public_then_curtain_for_the_next_human() -> None:
    flow = shared()
    flow.settled()
    flow.ready()
    flow.moved(0, 1, round_over=False, over=False, can_take_back=True)
    assert flow.step is Step.CONFIRM and flow.viewer == 0 and not flow.may_play(0)
    assert not flow.bots_may_move()
    flow.done()
    assert flow.step is Step.SHOW and flow.viewer is None
    flow.settled()
    assert flow.step is Step.CURTAIN and flow.curtain_for == 1 and flow.viewer is None
    flow.ready()
    assert flow.viewer == 1 and flow.may_play(1)


def test_undo_on_the_done_step_gives_the_move_back_to_its_maker() -> None:
    flow = shared()
    flow.settled()
    flow.ready()
    flow.moved(0, 1, round_over=False, over=False, can_take_back=True)
    flow.undone(0)
    assert flow.step is Step.PLAY and flow.viewer == 0 and flow.may_play(0)


def test_no_done_step_when_the_rules_forbid_taking_back_or_the_setting_is_off() -> None:
    for flow, can in ((shared(), False), (shared(confirm=False), True)):
        flow.settled()
        flow.ready()
        flow.moved(0, 1, round_over=False, over=False, can_take_back=can)
        assert flow.step is Step.SHOW and flow.viewer is None


def test_bots_play_in_public_on_a_shared_table() -> None:
    flow = shared()
    flow.settled()
    flow.ready()
    flow.moved(0, 2, round_over=False, over=False, can_take_back=True)
    flow.done()
    assert flow.step is Step.WATCH and flow.viewer is None and flow.bots_may_move()
    flow.moved(2, 0, round_over=False, over=False, can_take_back=False)
    # Even the human who moved last gets the curtain: the table was public in between.
    assert flow.step is Step.SHOW and flow.viewer is None
    flow.settled()
    assert flow.curtain_for == 0


def test_round_results_show_in_public_before_the_next_curtain() -> None:
    flow = shared()
    flow.settled()
    flow.ready()
    flow.moved(0, 1, round_over=True, over=False, can_take_back=True)
    assert flow.step is Step.RESULTS and flow.viewer is None, "no Done step over a round's end"
    assert not flow.bots_may_move() and not flow.may_play(1)
    flow.settled()
    assert flow.step is Step.RESULTS, "only a click dismisses the results"
    flow.dismissed()
    assert flow.step is Step.SHOW
    flow.settled()
    assert flow.curtain_for == 1


def test_the_last_round_ends_in_public() -> None:
    flow = shared()
    flow.settled()
    flow.ready()
    flow.moved(0, None, round_over=True, over=True, can_take_back=False)
    assert flow.step is Step.OVER and flow.viewer is None, "the end panel tells the last round"
    assert not flow.bots_may_move() and not flow.may_play(0)


def test_a_single_human_keeps_their_view_and_gets_no_curtain() -> None:
    flow = HotseatFlow({1}, secrets=True)
    flow.open(mover=0, over=False)
    assert flow.step is Step.WATCH and flow.viewer == 1
    flow.moved(0, 1, round_over=False, over=False, can_take_back=False)
    assert flow.step is Step.PLAY and flow.viewer == 1
    flow.moved(1, 2, round_over=True, over=False, can_take_back=True)
    assert flow.step is Step.RESULTS and flow.viewer == 1
    flow.dismissed()
    assert flow.step is Step.WATCH and flow.viewer == 1


def test_no_secrets_no_curtain_but_still_a_done_step() -> None:
    flow = HotseatFlow({0, 1}, secrets=False)
    flow.open(mover=0, over=False)
    assert flow.step is Step.PLAY and flow.viewer == 0
    flow.moved(0, 1, round_over=False, over=False, can_take_back=True)
    assert flow.step is Step.CONFIRM
    flow.done()
    assert flow.step is Step.PLAY and flow.viewer == 1


def test_reveal_opens_on_the_movers_view_and_a_finished_game_opens_public() -> None:
    flow = HotseatFlow({0, 1}, secrets=True)
    flow.open(mover=0, over=False, reveal=True)
    assert flow.step is Step.PLAY and flow.viewer == 0
    flow.open(mover=None, over=True)
    assert flow.step is Step.OVER and flow.viewer is None
