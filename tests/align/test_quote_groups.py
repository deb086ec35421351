"""Quote groups on hand-made quotes (no model): grouping, members, blocking (drift: tests/assess/test_drift.py)."""

from __future__ import annotations

import pytest

from corroborate.align.quote_groups import group_quotes
from corroborate.align.segments import changed_in_marks, clauses, segments_of
from corroborate.model import Quote, Speaker, TextSpan

_counter = iter(range(10_000))


def quote(
    article: str, text: str, kind: str = "direct", entity: str | None = None, name: str | None = None, start: int = 0
) -> Quote:
    number = next(_counter)
    return Quote(
        id=f"{article}:q{number}", article=article, kind=kind, text=text, start=start, end=start + len(text), zone="body",
        speaker=Speaker(entity=entity, name=name or entity), rule="test", confidence=1.0,
    )  # fmt: skip


def test_long_quote_is_cut_into_sentences_with_article_offsets() -> None:
    q = quote("a", "The dock is closed. Nobody may sail until May.", start=100)
    first, second = segments_of(q, 0)
    assert (first.text, first.start, first.end) == ("The dock is closed.", 100, 119)
    assert (second.text, second.start) == ("Nobody may sail until May.", 120)


def test_same_words_in_two_outlets_form_one_group_with_members() -> None:
    a = quote("a", "We will not gamble with anyone's safety", entity="e1")
    b = quote("b", "We will not gamble with people's safety", entity="e1")
    c = quote("c", "The ferry schedule changes on Monday", entity="e2")
    [group] = group_quotes([a, b, c])
    assert group.quotes == (a.id, b.id)
    assert group.difference == "substantive"
    assert group.pairs[0].changed == (("anyone's",), ("people's",))


def test_one_sentence_of_a_long_quote_joins_the_outlet_that_quoted_only_it() -> None:
    long = quote("a", "The dock is closed. Nobody may sail until the pilings are replaced.", entity="e1", start=50)
    short = quote("b", "nobody may sail until the pilings are replaced", kind="partial", entity="e1")
    [group] = group_quotes([long, short])
    members = {m.quote: (m.start, m.end) for m in group.members}
    assert members[long.id] == (70, 50 + len(long.text))  # only the second sentence belongs
    assert group.difference == "identical"


def test_one_word_partial_joins_the_quote_it_comes_from() -> None:
    full = quote("a", "This so-called invasion is largely a feature of her imagination", entity="e2", name="Ann Lee")
    partial = quote("a", "imagination", kind="partial", entity="e1", name="Tom Reyes", start=200)
    [group] = group_quotes([full, partial])
    assert set(group.quotes) == {full.id, partial.id}
    assert set(group.speakers) == {"e1", "e2"}
    assert not group.attribution_drift  # assessed later, by corroborate.assess.drift


def test_generic_words_do_not_chain_unrelated_statements() -> None:
    a = quote("a", "fallen to these river gangs", kind="partial", entity="e1")
    b = quote("b", "have fallen into the hands of these river gangs", kind="partial", entity="e1")
    c = quote("c", "Other boatmen are being extorted by this river gang", entity="e2")
    [group] = group_quotes([a, b, c])
    assert set(group.quotes) == {a.id, b.id}


def test_different_people_reporting_alike_are_not_one_utterance() -> None:
    a = quote("a", "the pier had been overrun by a river gang", kind="indirect", entity="e1")
    b = quote("b", "river gangs have overrun the old pier", kind="indirect", entity="e2")
    assert group_quotes([a, b]) == []


def test_a_one_word_fragment_joins_every_group_holding_its_word() -> None:
    # The spokeswoman's sentence, the governor credited with its last word in a headline
    # and a body sentence, and another outlet's report of the sentence in other words.
    full = quote("a", "This so-called invasion is largely a figment of the councilwoman's imagination.", entity="e2", start=300)
    reported = quote("b", "the so-called invasion was largely a figment of the councilwoman's mind", kind="indirect", start=40)
    headline = quote("a", "imagination", kind="partial", entity="e1", start=10)
    body = quote("a", "imagination.", kind="partial", entity="e1", start=120)
    groups = group_quotes([full, reported, headline, body])
    holding = [g for g in groups if full.id in g.quotes]
    assert len(holding) == 1
    assert {headline.id, body.id} <= set(holding[0].quotes)


def test_two_fragments_of_one_rendering_are_not_compared_with_each_other() -> None:
    full = quote("a", "They pushed out the managers through intimidation and collected the rents.", entity="e1")
    first = quote("b", "pushing out", kind="partial", entity="e1", start=10)
    second = quote("b", "through intimidation", kind="partial", entity="e1", start=40)
    [group] = group_quotes([full, first, second])
    assert {(p.a, p.b) for p in group.pairs} == {(full.id, first.id), (full.id, second.id)}
    assert group.difference == "minor"


def test_a_reported_clause_is_represented_by_its_own_partial_quote() -> None:
    full = quote("a", "They pushed out the managers through intimidation and collected the rents.", entity="e1")
    partial = quote("b", "through intimidation", kind="partial", entity="e1", start=60)
    clause = quote("b", "gang members drove the managers away through intimidation", kind="indirect", entity="e1", start=30)
    [group] = group_quotes([full, partial, clause])
    assert clause.id not in group.quotes and {full.id, partial.id} <= set(group.quotes)


def test_shared_names_do_not_make_a_reported_rendering() -> None:
    """ "Harbour Wardens of Elmport" are the story's words: a resident's complaint and a
    police statement that both name them are two utterances."""
    a = quote("a", "residents suffered after the Harbour Wardens of Elmport arrived", kind="indirect")
    b = quote("b", "concerns about the Harbour Wardens of Elmport and crime", kind="partial", entity="e1")
    assert group_quotes([a, b]) == []


def test_a_reported_rendering_keeps_its_words_together_in_the_longer_quote() -> None:
    """A short statement whose words lie scattered across a long reported sentence of
    the same speaker is not rendered by it."""
    short = quote("a", "A CARTEL HAS SEIZED several warehouse blocks in Elmport!", entity="e1", name="Ann Lee")
    long = quote(
        "b",
        "she and several volunteers helped move one family out of a warehouse on Tuesday, she watched "
        "runners of the cartel arguing over the stock, the heat and the noise, and even carrying crates "
        "and mattresses into an emptied block at dawn",
        kind="indirect", entity="e1", name="Ann Lee",
    )  # fmt: skip
    assert group_quotes([short, long]) == []


def test_a_reported_rendering_of_a_direct_quote_still_joins() -> None:
    direct = quote(
        "a", "We know ferry delays in Elmport fell between 2021 and 2022, and we expect them to keep falling", entity="e1"
    )
    reported = quote(
        "b",
        "the office expects ferry delays to keep falling in the port, as they fell in 2021 and 2022",
        kind="indirect",
        entity="e1",
    )
    [group] = group_quotes([direct, reported])
    assert set(group.quotes) == {direct.id, reported.id}


def test_one_article_reporting_two_statements_of_one_person_alike_keeps_them_apart() -> None:
    a = quote("a", "alleged cartel members have even threatened dock staff", kind="indirect", entity="e1")
    b = quote("a", "she watched alleged cartel members fighting over the dock", kind="indirect", entity="e1", start=300)
    assert group_quotes([a, b]) == []


def test_two_word_fragment_common_in_the_story_joins_nothing() -> None:
    # "harbor tax" is the story's phrase: quoted in four places, it says nothing of which
    # statement a two-word fragment comes from.
    quotes = [
        quote("a", "The harbor tax will sink the fishing fleet", entity="e1"),
        quote("b", "Nobody voted for a harbor tax this large", entity="e2"),
        quote("c", "We will repeal the harbor tax next spring", entity="e3"),
        quote("a", "A harbor tax is the only way to pay for dredging", entity="e4", start=300),
    ]
    fragment = quote("b", "harbor taxes", kind="partial", entity="e5", start=400)
    assert not any(fragment.id in g.quotes for g in group_quotes([*quotes, fragment]))


def test_two_word_fragment_with_a_rare_word_joins_its_source() -> None:
    full = quote("a", "I am deeply saddened by this decision of the board", entity="e1")
    fragment = quote("b", "deeply saddened", kind="partial", entity="e1")
    [group] = group_quotes([full, fragment])
    assert set(group.quotes) == {full.id, fragment.id}


def test_partial_quotes_of_two_clauses_of_one_sentence_form_two_groups() -> None:
    whole = quote(
        "a", "This is a delicate and painful question for many families, but my view has not changed since I first ran for mayor",
        entity="e1",
    )  # fmt: skip
    first = quote("b", "a delicate and painful question", kind="partial", entity="e1")
    second = quote("c", "first ran for mayor", kind="partial", entity="e1")
    groups = group_quotes([whole, first, second])
    assert sorted(sorted(g.quotes) for g in groups) == sorted([sorted([whole.id, first.id]), sorted([whole.id, second.id])])
    assert all(g.difference == "minor" for g in groups)


def test_partial_quotes_of_one_clause_share_its_group() -> None:
    whole = quote("a", "The budget is a delicate and painful question for every family in the county", entity="e1")
    first = quote("b", "a delicate and painful question", kind="partial", entity="e1")
    second = quote("c", "delicate and painful question for every family", kind="partial", entity="e1")
    [group] = group_quotes([whole, first, second])
    assert set(group.quotes) == {whole.id, first.id, second.id}


def test_two_word_fragment_in_another_word_form_is_another_utterance() -> None:
    full = quote("a", "This ruling should be deeply troubling to every voter", entity="e1")
    fragment = quote("b", "deeply troubled", kind="partial", entity="e2")
    assert group_quotes([full, fragment]) == []


def test_reported_rendering_sharing_only_the_story_words_is_another_utterance() -> None:
    # "harbor", "dredging" and "budget" are quoted all over the story: a report sharing
    # only them with a quotation says nothing of which statement it renders.
    others = ("pilots", "cranes", "tides", "ferries", "winter", "lighthouse", "tugboats")
    story = [
        quote("abc"[n % 3], f"The {topic} worries {other}", entity=f"e{n}", start=100 * n)
        for n, (topic, other) in enumerate((t, o) for t in ("harbor", "dredging", "budget") for o in others)
    ]
    direct = quote("a", "We will defend the harbor dredging budget in every committee room", entity="e99", start=5000)
    reported = quote(
        "b", "the harbor dredging budget had become a matter for the courts", kind="indirect", entity="e99", start=5000
    )
    groups = group_quotes([*story, direct, reported])
    assert not any({direct.id, reported.id} <= set(g.quotes) for g in groups)
    assert group_quotes([direct, reported])  # alone, they share the story's only words


def cued(article: str, text: str, cue_at: int, start: int, entity: str = "e1", kind: str = "direct") -> Quote:
    """A quote whose cue ("said") lies at `cue_at` of the article."""
    q = quote(article, text, kind=kind, entity=entity, start=start)
    return q.model_copy(update={"cue": TextSpan(start=cue_at, end=cue_at + 4, text="said")})


def test_a_sentence_split_around_its_cue_joins_the_outlet_that_printed_it_whole() -> None:
    # “The ferry fares are far too high for families,” said Ana Ruiz, “and the
    # council should cut them before the summer.”
    first = cued("a", "The ferry fares are far too high for families", cue_at=50, start=1)
    second = cued("a", "and the council should cut them before the summer.", cue_at=50, start=70)
    whole = quote(
        "b", "The ferry fares are far too high for families, and the council should cut them before the summer", entity="e1"
    )
    [group] = group_quotes([first, second, whole])
    assert set(group.quotes) == {first.id, second.id, whole.id}
    assert group.difference == "identical"  # the pieces read as one rendering


def test_if_thats_the_worst_thing_they_can_say_about_me_ill_take_it_is_one_group() -> None:
    # “If that’s the worst thing they can say about me,” she said, “I’ll take it.”: the
    # second piece is too short to match alone; the other outlet prints both pieces whole.
    first = cued("a", "If that\u2019s the worst thing they can say about me", cue_at=50, start=1)
    second = cued("a", "I\u2019ll take it.", cue_at=50, start=70)
    whole = quote("b", "If that's the worst thing they can say about me, I'll take it", entity="e1")
    [group] = group_quotes([first, second, whole])
    assert set(group.quotes) == {first.id, second.id, whole.id}
    assert group.difference == "identical"


def test_is_not_a_handout_and_called_it_the_only_thing_is_one_group_with_both_sentences() -> None:
    # Outlet a prints two sentences whole; outlet b quotes a fragment of each in one of
    # its own sentences ("told the crowd that ferry fares “are not a luxury” and called
    # them “the only link between the island and its jobs.”").
    whole = quote("a", "Ferry fares are not a luxury. They are the only link between the island and its jobs.", entity="e1")
    first = quote("b", "are not a luxury", kind="partial", entity="e1", start=40)
    second = quote("b", "the only link between the island and its jobs.", kind="partial", entity="e1", start=72)
    [group] = group_quotes([whole, first, second])
    assert set(group.quotes) == {whole.id, first.id, second.id}


@pytest.mark.parametrize(
    ("first_piece", "second_piece", "whole"),
    [
        # "'The pier is not safe,' the inspector said. 'We closed it this morning.'": two
        # sentences, printed together by the other outlet (the cue's comma and stop are
        # the outlet's printing, not a difference)
        ("The pier is not safe", "We closed it this morning.", "The pier is not safe. We closed it this morning"),
        # "'Leaving the harbour board,' he said, 'I can look back with pride'": a piece
        # opening on "I" goes on with the first piece's sentence
        (
            "Leaving the harbour board",
            "I can look back on the work with pride.",
            "Leaving the harbour board, I can look back on the work with pride.",
        ),
    ],
    ids=["two sentences", "one sentence, its second piece opening on I"],
)
def test_pieces_split_around_the_cue_are_the_outlet_printing_them_together_word_for_word(
    first_piece: str, second_piece: str, whole: str
) -> None:
    first = cued("a", first_piece, cue_at=30, start=5)
    second = cued("a", second_piece, cue_at=30, start=52)
    together = quote("b", whole, entity="e1")
    [group] = group_quotes([first, second, together])
    assert set(group.quotes) == {first.id, second.id, together.id}
    assert group.difference == "identical"


def test_two_quotations_printed_apart_by_both_outlets_stay_two_groups() -> None:
    # Both outlets print the spokeswoman's two sentences as two quotations around the cue.
    one = "The ferry fares are far too high for families."
    two = "The council will vote on a cut before the summer recess."
    a1, a2 = cued("a", one, cue_at=60, start=10), cued("a", two, cue_at=60, start=80)
    b1, b2 = cued("b", one, cue_at=60, start=10), cued("b", two, cue_at=60, start=80)
    groups = group_quotes([a1, a2, b1, b2])
    assert sorted(g.quotes for g in groups) == [(a1.id, b1.id), (a2.id, b2.id)]


def test_pieces_of_two_speakers_are_not_one_quotation() -> None:
    first = cued("a", "The ferry fares are far too high for families", cue_at=50, start=1, entity="e1")
    second = cued("a", "and the council should cut them before the summer.", cue_at=50, start=70, entity="e2")
    whole = quote(
        "b", "The ferry fares are far too high for families, and the council should cut them before the summer", entity="e1"
    )
    groups = group_quotes([first, second, whole])
    assert all(not {first.id, second.id} <= set(g.quotes) for g in groups)  # not one rendering


def test_a_fragment_the_articles_fuller_quotation_leaves_out_stays_out() -> None:
    # The article quotes the speech without "orphan districts" and names the phrase
    # elsewhere (aides' word); the other outlet's fuller quotation holds it.
    fuller = quote("a", "We have 32 districts in states with no presidential campaign and no Senate race", entity="e1", start=300)
    phrase = quote("a", "orphan districts", kind="partial", start=100)
    other = quote(
        "b",
        "We have 32 districts in states with no presidential campaign and no Senate race, and we call these orphan districts",
        entity="e1",
    )
    groups = group_quotes([fuller, phrase, other])
    assert all(phrase.id not in g.quotes or fuller.id not in g.quotes for g in groups)


def test_a_quoted_sentence_is_cut_at_but_a_semicolon_or_a_spaced_dash() -> None:
    text = "We could paint the hall over a longer stretch ― we did not need to do this, but we would rather be fast"
    assert [text[a:b] for a, b in clauses(text)] == [
        "We could paint the hall over a longer stretch",
        "we did not need to do this",
        "but we would rather be fast",
    ]
    assert clauses("Fine, but no.") == [(0, 13)]  # too short to cut


def test_a_clause_quoted_by_another_outlet_joins_and_the_member_reads_its_sentence() -> None:
    # a: "We could paint the hall over a longer stretch ― we did not need to do this," she
    # said. "But we would rather do it much faster."   b: one sentence of the last two clauses.
    first = cued("a", "We could paint the hall over a longer stretch ― we did not need to do this", cue_at=90, start=10)
    second = cued("a", "But we would rather do it much faster.", cue_at=90, start=110)
    other = quote("b", "We did not need to do this, but we would rather do it much faster", entity="e1")
    [group] = group_quotes([first, second, other])
    assert set(group.quotes) == {first.id, second.id, other.id}
    member = next(m for m in group.members if m.quote == first.id)
    assert (member.start, member.end) == (first.start, first.end)  # its first clause is no other group's
    assert group.difference == "minor"  # the other outlet quotes a part


def test_clauses_of_one_sentence_rejoin_when_another_outlet_split_them_around_its_cue() -> None:
    a1 = cued("a", "I probably have a generous reaction to the remark", cue_at=60, start=5)
    a2 = cued("a", "But in any event, I am not in the censoring business.", cue_at=60, start=90)
    b = quote(
        "b", "I probably have a generous reaction to the remark, but in any event I am not in the censoring business", entity="e1"
    )
    c = quote("c", "I am not in the censoring business", entity="e1")
    groups = group_quotes([a1, a2, b, c])
    assert [set(g.quotes) for g in groups] == [{a1.id, a2.id, b.id, c.id}]


def test_partial_quote_inside_a_report_stands_for_it_in_the_group() -> None:
    # b: 'the plan had been "under review for months" but that he would decide later'
    whole = quote("a", "Under review for months. Will decide with the council soon.", entity="e1")
    report = quote(
        "b", "the plan had been “under review for months” but that he would decide later", kind="indirect",
        entity="e1", start=10,
    )  # fmt: skip
    partial = quote("b", "under review for months", kind="partial", entity="e1", start=29)
    groups = group_quotes([report, whole, partial])
    [group] = [g for g in groups if partial.id in g.quotes]
    assert set(group.quotes) == {whole.id, partial.id}
    assert group.difference == "identical"
    # The rest of the report ("that he would decide later") renders the second sentence.
    [rest] = [g for g in groups if report.id in g.quotes]
    assert set(rest.quotes) == {whole.id, report.id}
    assert rest.members[0].start == whole.text.index("Will")
    assert rest.difference == "paraphrase"


def test_an_article_repeating_part_of_its_partial_quote_is_compared() -> None:
    shorter = quote("a", "wrong road at the wrong hour.", kind="partial", start=10)
    longer = quote("a", "that said, this is the wrong road at the wrong hour.", kind="partial", entity="e1", start=400)
    [group] = group_quotes([shorter, longer])
    assert group.difference == "minor"


def test_three_word_partial_with_one_content_word_is_quoted_word_for_word() -> None:
    partial = quote("a", "should be scrapped", kind="partial", entity="e1")
    direct = quote("b", "After all these delays, will the ferry plan be scrapped?", entity="e1")
    assert group_quotes([partial, direct]) == []


def test_an_outlets_quotation_is_grouped_before_a_report_of_it() -> None:
    # The report comes first in the story and reads like the other outlet's words, but
    # article a's own quotation of them is the stronger match: it takes the group.
    report = quote("a", "the rules agreed in the vote would cover licensed river pilots on the northern canals", kind="indirect")
    own = quote(
        "a", "every licensed river pilot will now be paid the same under harbour rules, whatever port they call home",
        entity="e1", start=300,
    )  # fmt: skip
    fuller = quote(
        "b", "With this vote, every licensed river pilot will now be paid the same under harbour rules, "
        "whatever port they call home", entity="e1",
    )  # fmt: skip
    [group] = group_quotes([report, own, fuller])
    assert group.quotes == (own.id, fuller.id)
    assert group.difference == "minor"


def test_sentence_continuing_two_groups_joins_the_one_it_matches_most() -> None:
    # a: "'But there's a fair chance ... could close,' she said, 'I'm being honest about
    # it -- plainly. We have a long winter ...'": the piece's first sentence continues
    # both the group before the cue and the one after; it matches all of the latter.
    first = "But there's a fair chance the old bridge could close"
    second = "I'm being honest about it -- plainly. We have a long winter ahead, and we have repairs to make."
    cue = TextSpan(start=len(first) + 4, end=len(first) + 12, text="she said")
    a1 = quote("a", first, entity="e1", start=1).model_copy(update={"cue": cue})
    a2 = quote("a", second, entity="e1", start=len(first) + 17)
    b = quote(
        "b", "The crossing stays open until the thaw. But there's a fair chance that the old bridge could close. "
        "And I'm being honest about it, plainly, we have a long winter ahead and we have repairs to make.", entity="e1",
    )  # fmt: skip
    c = quote(
        "c", "The crossing stays open until the thaw, but there's a fair chance that the old bridge could close, "
        "and I'm being honest about it, plainly", entity="e1",
    )  # fmt: skip
    groups = group_quotes([a1, a2, b, c])
    [before] = [g for g in groups if a1.id in g.quotes]
    [after] = [g for g in groups if a2.id in g.quotes]
    assert a2.id not in before.quotes
    assert next(m for m in after.members if m.quote == a2.id).start == a2.start


def test_sentence_printed_inside_a_longer_one_joins_both_groups() -> None:
    first = "The council should listen to the river pilots and work with the harbour board, to get the best plan possible"
    a1 = quote("a", first + ".", entity="e1")
    a2 = quote("a", "And if we lose, there is no plan B.", entity="e1", start=200)
    b1 = quote("b", first + " and if we lose, there is no plan B.", entity="e1")
    c2 = quote("c", "And if we lose, there is no plan B", entity="e1", start=50)
    groups = group_quotes([a1, a2, b1, c2])
    [whole] = [g for g in groups if a1.id in g.quotes]
    [ending] = [g for g in groups if a2.id in g.quotes]
    assert b1.id in whole.quotes and b1.id in ending.quotes
    member = next(m for m in ending.members if m.quote == b1.id)
    assert b1.text[member.start - b1.start : member.end - b1.start] == "and if we lose, there is no plan B"
    assert ending.difference == "identical"


def test_two_sentences_one_outlet_joined_with_a_comma_are_one_member() -> None:
    # b: "I don't like that road. I wouldn't take that road" against a's one sentence
    a = quote("a", "But in any case, I am not in the road business. I don't like that road, I wouldn't take that road.")
    b = quote("b", "I don't like that road. I wouldn't take that road", entity="e1", start=10)
    [group] = group_quotes([a, b])
    member = next(m for m in group.members if m.quote == b.id)
    assert (member.start, member.end) == (b.start, b.end)
    assert group.difference == "formatting"


def test_piece_before_the_cue_joins_the_group_of_the_piece_after_it() -> None:
    # a: "'..., but the tide may turn, and I'm being honest here,' she said. 'We have
    # repairs to make.'" Others print "I'm being honest here." with the next sentence.
    first = "The crossing stays open until the thaw, but the tide may turn, and I'm being honest here"
    cue = TextSpan(start=len(first) + 3, end=len(first) + 11, text="she said")
    a1 = quote("a", first, entity="e1").model_copy(update={"cue": cue})
    a2 = quote("a", "We have a long winter ahead, and we have repairs to make.", entity="e1", start=len(first) + 14)
    b = quote("b", "I'm being honest here. We have a long winter ahead, and we have repairs to make.", entity="e1")
    c = quote("c", "And I'm being honest here, we have a long winter ahead and we have repairs to make", entity="e1")
    groups = group_quotes([a1, a2, b, c])
    [group] = [g for g in groups if a2.id in g.quotes]
    assert a1.id in group.quotes
    member = next(m for m in group.members if m.quote == a1.id)
    assert first[member.start : member.end] == "I'm being honest here"


def test_an_unspaced_ellipsis_cuts_a_partial_quote_into_two_pieces() -> None:
    # "critical...the permits": the outlet joined two places of the statement there.
    q = quote("a", "both agree that dredging is vital...the permits are put on hold...", kind="partial")
    assert [s.text for s in segments_of(q, 0)] == ["both agree that dredging is vital", "the permits are put on hold..."]


def test_the_second_piece_after_an_unspaced_ellipsis_joins_the_sentence_it_quotes() -> None:
    piece = quote(
        "a", "both agree that dredging is vital...the issuing of permits is put on hold...", kind="partial", entity="e1"
    )
    first = quote("b", "The mayor and I have talked, and both agree that dredging is vital", entity="e1")
    second = quote(
        "b", "As a result, under all the rules, the issuing of permits is being put on hold while the review goes on.",
        entity="e1", start=200,
    )  # fmt: skip
    groups = group_quotes([piece, first, second])
    assert sorted(sorted(g.quotes) for g in groups) == sorted([sorted([piece.id, first.id]), sorted([piece.id, second.id])])


def _topic_quotes() -> list[Quote]:
    """Seven places of one story quoting its catchword phrase "river crossing"."""
    others = [
        "The river crossing is the town's first in a century",
        "Nobody asked us about the river crossing",
        "a river crossing built on borrowed money",
        "The river crossing will be finished by spring",
        "We never wanted a river crossing here",
        "the river crossing that was promised",
        "paying for a river crossing twice",
    ]
    return [quote(f"x{n}", text, entity=f"p{n}") for n, text in enumerate(others)]


def test_two_quotations_sharing_only_the_storys_catchword_are_two_utterances() -> None:
    a = quote("a", "We will have a river crossing, and we will then be sued", entity="e1")
    b = quote("b", "the absolute right to demand a river crossing", kind="partial", entity="e1")
    groups = group_quotes([a, b, *_topic_quotes()])
    assert not any({a.id, b.id} <= set(g.quotes) for g in groups)


def test_two_reports_sharing_one_rare_word_besides_the_catchword_are_two_utterances() -> None:
    a = quote("a", "he would sign the bill and demand a river crossing at once", kind="indirect", entity="e1")
    b = quote("b", "the mayor's move to demand a river crossing without a vote", kind="indirect", entity="e1")
    groups = group_quotes([a, b, *_topic_quotes()])
    assert not any({a.id, b.id} <= set(g.quotes) for g in groups)


def test_consecutive_sentences_rendered_differently_keep_a_group_each() -> None:
    # The first sentence is printed word for word, the second with "have to" for "be able to".
    a = quote("a", "I just saw the report on the ferry fares. Then you'll be able to judge the fares on your own.", entity="e1")
    b = quote("b", "I just saw the report on the ferry fares. So you'll have to judge the fares on your own.", entity="e1")
    groups = group_quotes([a, b])
    assert sorted(g.difference for g in groups) == ["identical", "substantive"]


def test_a_word_another_outlet_quotes_its_speaker_saying_joins_that_not_anothers_sentence() -> None:
    # Article b prints e1's message whole; e2's sentence in article a only uses the word.
    word = quote("a", "stop", kind="partial", entity="e1")
    other = quote("a", "She set out to stop the inquiry before it began", entity="e2", start=100)
    message = quote("b", "No. No, it will not. We will stop it.", entity="e1")
    [group] = group_quotes([word, other, message])
    assert set(group.quotes) == {word.id, message.id}


def test_a_word_one_article_credits_to_someone_else_than_its_sentence_still_joins_it() -> None:
    # Nobody else quotes e1 saying it: the one article's two credits are the drift signal.
    word = quote("a", "stop", kind="partial", entity="e1")
    other = quote("a", "She set out to stop the inquiry before it began", entity="e2", start=100)
    [group] = group_quotes([word, other])
    assert set(group.quotes) == {word.id, other.id}


def test_a_sentence_quoting_anothers_words_groups_with_them_in_one_article() -> None:
    # The senator quotes the mayor's phrase ('harbour talk'); the article quotes it from the mayor too.
    phrase = quote("a", "harbour talk", kind="partial", entity="e1")
    sentence = quote("a", "Calling the threats just 'harbour talk' is hypocrisy at its finest", entity="e2", start=100)
    [group] = group_quotes([phrase, sentence])
    assert set(group.quotes) == {phrase.id, sentence.id}


def test_a_titles_full_stop_ends_no_sentence() -> None:
    q = quote("a", "he had fired Mr. Ambler and thanked Gov. Reyes. The dock is closed.", kind="indirect")
    assert [s.text for s in segments_of(q, 0)] == ["he had fired Mr. Ambler and thanked Gov. Reyes.", "The dock is closed."]


def test_a_short_quotation_read_almost_word_for_word_in_a_long_one_joins_it_with_that_stretch() -> None:
    # Names carry the shared words ("Harbour Court"): the stretch reads alike all the same.
    long = quote("a", "Then we'll end up in the Harbour Court, and hopefully we'll get a fair hearing, and we'll win at the Harbour Court -- just like the last time.", entity="e1")  # fmt: skip
    short = quote("b", "And we'll win in the Harbour Court", entity="e1")
    [group] = group_quotes([long, short])
    member = next(m for m in group.members if m.quote == long.id)
    assert long.text[member.start - long.start : member.end - long.start] == "and we'll win at the Harbour Court"
    assert group.difference == "minor"


def test_two_people_credited_with_words_alike_only_in_part_are_two_statements() -> None:
    a = quote("a", "This is a gross abuse of harbour powers that cannot be tolerated", entity="e1")
    b = quote("b", "gross abuse of the powers of the harbour board", kind="partial", entity="e2")
    assert group_quotes([a, b]) == []


def test_two_people_credited_with_the_same_words_group_for_drift() -> None:
    a = quote("a", "a gross abuse of the harbour board", entity="e1")
    b = quote("b", "This is a gross abuse of the harbour board, and we will fight it", entity="e2")
    [group] = group_quotes([a, b])
    assert set(group.quotes) == {a.id, b.id}


def test_the_piece_after_a_cue_joins_its_first_piece_where_another_outlet_prints_it_inside_one_sentence() -> None:
    # '"The levy does not punish," Ray said. "And it will not be allowed. We will fix it."'
    first = quote("a", "The levy does not punish", entity="e1", start=0)
    first = first.model_copy(update={"cue": TextSpan(start=27, end=35, text="Ray said")})
    second = quote("a", "And it will not be allowed. We will fix it.", entity="e1", start=37)
    other = quote("b", "It is not the aim of the levy to punish anyone, and it will not be allowed to punish anyone", entity="e1")
    groups = group_quotes([first, second, other])
    holding = [g for g in groups if other.id in g.quotes]
    assert len(holding) == 1 and {first.id, second.id} <= set(holding[0].quotes)


def test_two_people_credited_with_most_of_the_shorter_words_word_for_word_group_for_drift() -> None:
    # An unmerged name ("Clinton" / another entity) or a misattribution: drift decides.
    a = quote("a", "fix the harbour whole again", kind="partial", entity="e1")
    b = quote("b", "But the work is not to fix the harbour fast. We have to fix the harbour whole.", entity="e2")
    groups = group_quotes([a, b])
    assert any({a.id, b.id} <= set(g.quotes) for g in groups)


def test_a_short_report_whose_own_words_are_all_in_the_quotation_in_order_joins_it() -> None:
    said = quote("a", "If you ever do that again, I'll throw you off this pier.", entity="e1")
    reported = quote("b", "to throw Mr. Ambler off the pier", kind="indirect", entity="e1")
    [group] = group_quotes([said, reported])
    assert set(group.quotes) == {said.id, reported.id} and group.difference == "paraphrase"


def test_a_short_report_of_two_words_in_another_order_or_by_another_person_stays_apart() -> None:
    said = quote("a", "If you ever do that again, I'll throw you off this pier.", entity="e1")
    reordered = quote("b", "the pier he would throw from", kind="indirect", entity="e1")
    other = quote("c", "to throw Mr. Ambler off the pier", kind="indirect", entity="e2")
    assert group_quotes([said, reordered]) == [] and group_quotes([said, other]) == []


def test_one_quotation_printed_thousands_of_times_gets_stretch_members_in_linear_work() -> None:
    """A group of one quotation repeated (the run-on limit case) reads no pairs of its
    members for near-verbatim stretches: each long sentence reads only the quotations of at
    most half its words (counted work at n and 4n, not a clock)."""
    from corroborate.align.quote_groups import _stretch_members
    from tests.work import assert_linear, lines_run

    def work(n: int) -> int:
        quotes = [quote("ab"[i % 2], "We will rebuild the bridge by the spring.", entity="e1") for i in range(n)]
        group = [segment for i, q in enumerate(quotes) for segment in segments_of(q, i)]
        members, count = lines_run(lambda: _stretch_members(group, len(group)))
        assert [m.text for m in members] == [s.text for s in group]
        return count

    assert_linear(work, 300)


# A report sharing a rare word or two with its speaker's quotation elsewhere (`_lone_reports`).
def _audit_quotes(report_entity: str = "e1") -> tuple[Quote, Quote, Quote]:
    said = quote("a", "We will publish the audit next spring with the harbour board.", entity="e1")
    other = quote("a", "Nobody on the ferry crews lost a shift this year.", entity="e1", start=300)
    report = quote("b", "he would release the audit once the inspectors finish", kind="indirect", entity=report_entity)
    return said, other, report


def test_report_sharing_one_rare_word_with_its_speakers_only_candidate_is_a_paraphrase() -> None:
    said, other, report = _audit_quotes()
    [group] = group_quotes([said, other, report])
    assert set(group.quotes) == {said.id, report.id}
    assert group.difference == "paraphrase"


def test_report_of_another_person_sharing_one_word_stays_apart() -> None:
    assert group_quotes(list(_audit_quotes(report_entity="e2"))) == []


def test_report_with_two_candidates_of_its_speaker_in_that_article_stays_apart() -> None:
    said, _, report = _audit_quotes()
    second = quote("a", "The audit will name every contractor.", entity="e1", start=300)
    assert group_quotes([said, second, report]) == []


def test_two_reports_sharing_only_more_than_in_2022_stay_apart() -> None:
    """ "gave more than $1.2 million to her 2022 campaign" / "the 2022 race drew more than
    $9 million in all": a year and "more" are a figure's words, no utterance's."""
    gave = quote("a", "Ostrow gave more than $1.2 million to support the 2022 campaign", kind="indirect", entity="e1")
    drew = quote("b", "the 2022 race between the two judges drew more than $9 million in all", kind="indirect", entity="e1")
    assert group_quotes([gave, drew]) == []


def test_report_sharing_only_a_short_common_word_stays_apart() -> None:
    said = quote("a", "Our crews work through the night on the pier.", entity="e1")
    report = quote("b", "he said the new schedule would not change their work", kind="indirect", entity="e1")
    assert group_quotes([said, report]) == []


def test_report_whose_own_quoted_words_the_quotation_lacks_stays_apart() -> None:
    said, other, _ = _audit_quotes()
    text = "he would release the “complete” audit once the inspectors finish"
    report = quote("b", text, kind="indirect", entity="e1")
    inside = quote("b", "complete", kind="partial", entity="e1", start=text.index("complete"))
    assert all(report.id not in g.quotes for g in group_quotes([said, other, report, inside]))


def test_partial_of_figure_words_printed_word_for_word_joins_the_sentence() -> None:
    # "chance" is all over the story, "two" and "three" are figure words: printed word
    # for word, the four words still render the sentence.
    said = quote("a", "I would say there is a two-in-three chance that we keep the harbour board.", entity="e1")
    piece = quote("b", "two-in-three chance", kind="partial", entity="e1")
    others = [quote(f"x{n}", f"The chance of rain is {n} in ten", entity=f"p{n}") for n in range(7)]
    groups = group_quotes([said, piece, *others])
    assert any({said.id, piece.id} <= set(g.quotes) for g in groups)


# Words in quotation marks changed against the rendering they quote (`changed_in_marks`).
def test_report_quoting_words_with_a_content_word_changed_is_substantive() -> None:
    said = "this purported flood is largely a feature of her imagination"
    assert changed_in_marks("police said this “alleged flood” was largely invented", said, "direct", True)
    assert not changed_in_marks("police said this “purported flood” was largely invented", said, "direct", True)


def test_partial_quote_of_an_uncredited_report_dropping_its_hedge_is_substantive() -> None:
    report = "the charges were expected to include mail fraud and to focus largely on his pier"
    assert changed_in_marks(report, "will include mail fraud and focus on his pier", "partial", False)


def test_partial_quote_against_a_credited_report_in_other_words_stays_a_paraphrase() -> None:
    report = "his lawyer said it was a departure from standard practice"
    assert not changed_in_marks(report, "a departure from typical harbour practice", "partial", True)


def test_that_is_not_true_split_around_its_cue_and_in_two_fragments_is_one_utterance() -> None:
    """One outlet prints the sentence whole, another splits it around its cue, a third
    keeps two fragments ("called it “simply not true” and said the yard had “never
    cut upkeep to pay a dividend”"): one group, not a group of first pieces and one of
    the rest."""
    whole = cued(
        "a", "That is simply not true, and I want to be clear about it: We have never cut upkeep to pay a dividend, not once",
        cue_at=120, start=10,
    )  # fmt: skip
    first = cued("b", "That is simply not true", cue_at=40, start=10)
    rest = cued(
        "b", "and I want to be clear about it: we have never cut upkeep to pay a dividend, not once.", cue_at=40, start=48
    )
    fragment = cued("c", "simply not true", kind="partial", cue_at=3, start=26)
    fragment_rest = cued("c", "never cut upkeep to pay a dividend.", kind="partial", cue_at=50, start=70)
    groups = group_quotes([whole, first, rest, fragment, fragment_rest])
    assert [set(g.quotes) for g in groups] == [{whole.id, first.id, rest.id, fragment.id, fragment_rest.id}]


def test_a_report_printing_the_judges_words_in_marks_is_compared_by_those_words() -> None:
    """ "the towns were “likely to prevail on the merits” of their suit" renders the
    partial quote "likely to prevail on the merits" word for word: identical, not a
    paraphrase; reported words with no marks stay a paraphrase."""
    a = quote("a", "the towns were “likely to prevail on the merits” of their suit", kind="indirect", entity="e1")
    b = quote("b", "likely to prevail on the merits", kind="partial", entity="e1")
    [group] = group_quotes([a, b])
    assert group.difference == "identical"
    c = quote("c", "the harbour board had treated the port “like a private piggy bank", kind="indirect", entity="e2")
    d = quote("d", "the board treated the port “like a private piggy bank", kind="indirect", entity="e2")
    [group] = group_quotes([c, d])
    assert group.difference == "identical"
    e = quote("e", "the towns were likely to prevail on the merits of their suit", kind="indirect", entity="e1")
    [group] = group_quotes([e, b])
    assert group.difference == "paraphrase"


def test_two_reports_in_one_wording_one_cut_shorter_are_minor() -> None:
    """Two outlets reporting "it had received 40 bodies" alike, one adding "since early
    Monday", word the report one way: a fragment of the other, not a paraphrase."""
    a = quote("a", "it had received 40 bodies at the clinic", kind="indirect", entity="e1")
    b = quote("b", "it had received 40 bodies at the clinic since early Monday", kind="indirect", entity="e1")
    [group] = group_quotes([a, b])
    assert group.difference == "minor"


def test_we_will_go_where_the_evidence_leads_and_staffing_training_are_parts_of_one_whole() -> None:
    """Two outlets quoting two different parts of what a third quotes whole differ from
    each other by no more than each differs from the whole; a fragment both hold is no
    whole."""
    whole = quote(
        "a",
        "We will look at staffing, training, the boats and the weather on the bay, and we will go where the evidence leads.",
        entity="e1",
    )
    first = quote("b", "We will go where the evidence leads", entity="e1")
    second = quote("c", "staffing, training, the boats and the weather on the bay.", kind="partial", entity="e1")
    [group] = group_quotes([whole, first, second])
    assert group.difference == "minor"
    assert {p.difference for p in group.pairs} == {"minor"}
    shows = quote(
        "a", "Ferry lines carry a duty to keep their decks clear, and the evidence shows that duty was unmet", entity="e2"
    )
    suggests = quote(
        "b", "Ferry lines carry a duty to keep their decks clear, and the evidence suggests that duty was unmet", entity="e2"
    )
    piece = quote("c", "duty to keep their decks clear.", kind="partial", entity="e2")
    [group] = group_quotes([shows, suggests, piece])
    assert group.difference == "substantive"


def test_a_spokeswomans_report_joins_the_statement_of_the_company_she_speaks_for() -> None:
    """A named spokeswoman "for the company" reporting its statement and the company's own
    words are one utterance (two people reporting alike stay apart: the test above)."""
    said = "Bulk orders from groups are a normal part of our business and every sale was handled under our standard terms"
    company = quote("a", said, entity="e1")
    reported = "bulk orders from groups were a normal part of its business and every sale was handled under its standard terms"
    spokeswoman = quote("b", reported, kind="indirect", entity="e2").model_copy(
        update={"speaker": Speaker(entity="e2", name="e2", represents="e1")}
    )
    other = quote("b", reported, kind="indirect", entity="e2", start=300)
    assert [sorted(m.quote for m in g.members) for g in group_quotes([company, spokeswoman])] == [[company.id, spokeswoman.id]]
    assert group_quotes([company, other]) == []
