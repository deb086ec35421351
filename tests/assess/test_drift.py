"""Attribution drift on hand-written stories (no model): who is credited, and how surely."""

from __future__ import annotations

from corroborate.align.quote_groups import group_quotes
from corroborate.assess.drift import assess_drift, may_be_one_person
from corroborate.model import Article, Entity, Mention, Quote, QuoteGroup, Role, Speaker, TextSpan


class Story:
    """Articles written here, with quotes located by their words in the text."""

    def __init__(self) -> None:
        self.articles: dict[str, str] = {}
        self.quotes: list[Quote] = []
        self.entities: dict[str, Entity] = {}

    def article(self, article_id: str, text: str) -> None:
        self.articles[article_id] = text

    def person(self, name: str, kind: str = "person", roles: tuple[tuple[str, str], ...] = ()) -> str:
        """`roles`: (article, words) pairs, as the identities stage attaches them ("a spokeswoman for the governor")."""
        entity_id = f"e{len(self.entities) + 1}"
        self.entities[name] = Entity(
            id=entity_id,
            name=name,
            kind=kind,
            roles=tuple(Role(article=a, text=t) for a, t in roles),  # type: ignore[arg-type]
        )
        return entity_id

    def mentioned(self, name: str, article: str, words: str, kind: str = "person") -> None:
        """A mention of `name` where `words` first stand in the article (the entity made if new)."""
        if name not in self.entities:
            self.person(name, kind=kind)
        start = self.articles[article].index(words)
        mention = Mention(article=article, start=start, end=start + len(words), text=words)
        entity = self.entities[name]
        self.entities[name] = entity.model_copy(update={"mentions": (*entity.mentions, mention)})

    def quote(
        self,
        article: str,
        words: str,
        speaker: str | None,
        mention: str | None,
        cue: str | None = None,
        kind: str = "direct",
        rule: str = "direct.cue_subject",
        confidence: float = 0.85,
        after: int = 0,
    ) -> Quote:
        text = self.articles[article]
        start = text.index(words, after)
        mention_span = _span(text, mention, start) if mention else None
        cue_span = _span(text, cue, start) if cue else None
        entity = self.entities[speaker] if speaker else None
        quote = Quote(
            id=f"{article}:q{len(self.quotes)}", article=article, kind=kind, text=words, start=start,  # type: ignore[arg-type]
            end=start + len(words), zone="body",
            speaker=Speaker(entity=entity.id if entity else None, name=speaker, mention=mention_span,
                            description=None if speaker else mention),
            cue=cue_span, rule=rule, confidence=confidence,
        )  # fmt: skip
        self.quotes.append(quote)
        return quote

    def groups(self, outlets: tuple[str, ...] = ()) -> list[QuoteGroup]:
        articles = [
            Article(id=i, source=f"{i}.txt", outlet=None, title=None, published=None, language="en", text=t)
            for i, t in self.articles.items()
        ]
        return assess_drift(group_quotes(self.quotes), self.quotes, list(self.entities.values()), articles, outlets)


def _span(text: str, words: str, near: int) -> TextSpan:
    """The occurrence of `words` nearest to `near`."""
    starts = [i for i in range(len(text)) if text.startswith(words, i)]
    start = min(starts, key=lambda i: abs(i - near))
    return TextSpan(start=start, end=start + len(words), text=words)


SPOKESWOMAN = "This so-called invasion is largely a figment of the councilwoman's imagination."


def _governor_and_spokeswoman(rule: str = "partial.cue_subject", mention: str = "Reyes", speaks_for: bool = True) -> Story:
    story = Story()
    story.person("Tom Reyes", roles=(("a", "Gov."),))
    story.person("Ann Lee", roles=(("b", "a spokeswoman for the governor" if speaks_for else "a harbour pilot"),))
    story.article("a", f"But Gov. Reyes said the takeover is a figment of her 'imagination.'\n\n'{SPOKESWOMAN}' Ann Lee said.")
    story.article("b", f'"{SPOKESWOMAN}" Ann Lee, {"a spokeswoman for the governor" if speaks_for else "a harbour pilot"}, said.')
    story.quote("a", "imagination.", "Tom Reyes", mention, cue="said", kind="partial", rule=rule)
    story.quote("a", SPOKESWOMAN, "Ann Lee", "Ann Lee", cue="said", after=60)
    story.quote("b", SPOKESWOMAN, "Ann Lee", "Ann Lee", cue="said")
    return story


def test_the_spokeswomans_word_credited_to_the_governor_is_drift_with_its_evidence() -> None:
    [group] = _governor_and_spokeswoman().groups()
    assert group.attribution_drift and not group.drift_check
    assert group.drift_confidence is not None and group.drift_confidence >= 0.6
    assert {e.name for e in group.drift_evidence} == {"Tom Reyes", "Ann Lee"}
    reyes = next(e for e in group.drift_evidence if e.name == "Tom Reyes")
    assert reyes.mention is not None and reyes.mention.text == "Reyes" and reyes.rule == "partial.cue_subject"


def test_the_word_imagination_credited_to_two_people_neither_speaking_for_the_other_is_a_check() -> None:
    # One word of a long quotation credited to someone else is drift only when one of
    # the two speaks for the other: people echo and answer each other's words.
    [group] = _governor_and_spokeswoman(speaks_for=False).groups()
    assert not group.attribution_drift and group.drift_check
    assert "short phrase" in (group.drift_note or "")


def test_contained_and_it_cannot_be_contained_credited_to_two_leaders_are_no_drift() -> None:
    # "The threat is 'contained'," one outlet has the president say; another quotes the
    # senator's "It cannot be contained; it must be defeated": two utterances sharing a word.
    groups = _two_speakers(
        ("Ada Morrow", "Morrow said last week that the threat was 'contained.'", "contained."),
        (
            "Ben Castle",
            '"It cannot be contained. It must be defeated," Castle said on Sunday.',
            "It cannot be contained. It must be defeated",
        ),
        kind_a="partial",
    )
    assert not any(g.attribution_drift for g in groups)


def test_i_never_said_that_credited_to_the_host_and_the_candidate_is_no_drift() -> None:
    # A sentence of one or two content words is a phrase anyone says.
    [group] = _two_outlets("Dan Merritt", "Rosa Quill", words_b="I never said that", words_a="I never said that")
    assert not group.attribution_drift and group.drift_check


def test_a_credit_through_a_pronoun_is_a_check_not_a_finding() -> None:
    [group] = _governor_and_spokeswoman(rule="partial.cue_pronoun", mention="her").groups()
    assert not group.attribution_drift and group.drift_check
    assert "pronoun" in (group.drift_note or "")


def test_unnamed_speakers_alone_never_make_drift() -> None:
    story = Story()
    story.person("Ann Lee")
    story.article("a", '"The bridge will stay closed until the engineers are satisfied," Ann Lee said.')
    story.article("b", '"The bridge will stay closed until the engineers are satisfied," a spokesperson said.')
    story.quote("a", "The bridge will stay closed until the engineers are satisfied", "Ann Lee", "Ann Lee", cue="said")
    story.quote("b", "The bridge will stay closed until the engineers are satisfied", None, "a spokesperson", cue="said")
    [group] = story.groups()
    assert not group.attribution_drift and not group.drift_check and group.drift_confidence is None


def _two_speakers(
    a: tuple[str, str, str], b: tuple[str, str, str], kind_a: str = "direct", confidence: float = 0.85
) -> list[QuoteGroup]:
    """Two articles, each quoting one person (name, article text, quoted words), each
    credited by the surname and "said"; the first quote of `kind_a`."""
    story = Story()
    for (name, text, words), article, kind in ((a, "a", kind_a), (b, "b", "direct")):
        story.person(name)
        story.article(article, text)
        rule = "partial.cue_subject" if kind == "partial" else "direct.cue_subject"
        story.quote(article, words, name, name.split()[-1], cue="said", kind=kind, rule=rule, confidence=confidence)
    return story.groups()


def _two_outlets(
    name_a: str,
    name_b: str,
    words_b: str = "We will not gamble with anyone's safety",
    words_a: str = "We will not gamble with anyone's safety",
) -> list[QuoteGroup]:
    story = Story()
    story.person(name_a)
    if name_b != name_a:
        story.person(name_b)
    story.article("a", f'"{words_a}," {name_a} said on Monday.')
    story.article("b", f'"{words_b}," {name_b} said.')
    story.quote("a", words_a, name_a, name_a.split()[-1], cue="said")
    story.quote("b", words_b, name_b, name_b.split()[-1], cue="said")
    return story.groups()


def test_the_same_words_credited_to_two_named_people_are_drift() -> None:
    [group] = _two_outlets("Denise Okafor", "Priya Natarajan")
    assert group.attribution_drift


def test_two_names_of_one_person_are_not_drift() -> None:
    # The identities stage may leave "John A. Boehm" and "John Boehm" apart.
    [group] = _two_outlets("John A. Boehm", "John Boehm")
    assert not group.attribution_drift and not group.drift_check


def test_names_one_person_may_go_by() -> None:
    assert may_be_one_person("Clinton", "Hillary Clinton")
    assert may_be_one_person("Mr. Jacob J. Lew", "Jacob Lew")
    assert may_be_one_person("J. Smith", "Jane Smith")
    assert may_be_one_person("W. Mark Felt", "Mark Felt")  # a leading initial before the name one goes by
    assert may_be_one_person("W. Mark Felt", "William Felt")
    assert not may_be_one_person("W. Mark Felt", "Paul Felt")
    assert not may_be_one_person("Bill Clinton", "Hillary Clinton")
    assert not may_be_one_person("Ann Lee", "Bo Ray")


def test_andrew_wetzler_and_andrew_welzler_may_be_one_misspelt_person() -> None:
    assert may_be_one_person("Andrew Wetzler", "Andrew Welzler")  # a letter off
    assert may_be_one_person("Heffner", "Hugh Hefner")  # a letter more
    assert may_be_one_person("Jurinksy", "Danielle Jurinsky")  # two letters swapped
    assert not may_be_one_person("Anna Wetzler", "Andrew Welzler")  # two first names
    assert not may_be_one_person("Tom Lee", "Tom Lew")  # surnames too short to tell a slip


def test_a_slightly_altered_quote_credited_to_another_person_is_still_drift() -> None:
    [group] = _two_outlets("Denise Okafor", "Priya Natarajan", "We will not gamble with people's safety")
    assert group.difference == "substantive" and group.attribution_drift


def test_two_statements_sharing_a_few_words_are_at_most_a_check() -> None:
    # One group (the quote grouping joins them as a substantive difference), so the
    # drift rule is reached: differing content words make it a check, never drift.
    long_said = "The new ferry law does not discriminate against the harbour workers"
    penn_said = "The new ferry law contains no reference to the harbour workers"
    [group] = _two_speakers(
        ("Dale Long", f'"{long_said}," Long said.', long_said),
        ("Mike Penn", f'"{penn_said}," Penn said.', penn_said),
        confidence=0.7,
    )
    assert group.difference == "substantive"
    assert not group.attribution_drift and group.drift_check
    assert "differ in their content words" in (group.drift_note or "")


def test_a_name_in_another_paragraph_than_the_cue_is_a_check() -> None:
    # "The letter came from Sen. Ray ... \n\n Lee released a statement saying: ..." credited to Ray.
    story = Story()
    story.person("Bo Ray")
    story.person("Ann Lee")
    words = "The pier will reopen once the inspectors have signed off on every beam"
    story.article("a", f'The letter was signed by Bo Ray\n\nLee released a statement saying: "{words}."')
    story.article("b", f'"{words}," Ann Lee said.')
    story.quote("a", words, "Bo Ray", "Bo Ray", cue="saying")
    story.quote("b", words, "Ann Lee", "Lee", cue="said")
    [group] = story.groups()
    assert not group.attribution_drift and group.drift_check
    assert "another paragraph" in (group.drift_note or "")


def test_an_outlet_taken_for_a_speaker_is_not_drift() -> None:
    story = Story()
    story.person("Ann Lee")
    story.person("Harbour Gazette", kind="organization")
    words = "We have a big challenge ahead and a lot of work to do"
    story.article("a", f'"{words}," Lee said.')
    story.article("b", f'"{words}," she said in an interview first posted by the Harbour Gazette.')
    story.quote("a", words, "Ann Lee", "Lee", cue="said")
    story.quote("b", words, "Harbour Gazette", "Harbour Gazette", cue="posted")
    [group] = story.groups(outlets=("The Harbour Gazette",))
    assert not group.attribution_drift and not group.drift_check


def test_a_catchphrase_many_people_use_is_not_drift() -> None:
    story = Story()
    for name in ("Ann Lee", "Bo Ray", "Cy Fox"):
        story.person(name)
    story.article(
        "a",
        "The mayor warned of a 'harbour emergency' on Monday.\n\n"
        '"There is no harbour emergency," Ray said.\n\n"The only harbour emergency is the mayor himself," Fox said.',
    )
    story.article("b", '"We will declare a harbour emergency and then we will be sued," Lee said.')
    story.quote("a", "harbour emergency", "Ann Lee", "mayor", cue="warned", kind="partial", rule="partial.cue_role")
    story.quote("a", "There is no harbour emergency", "Bo Ray", "Ray", cue="said")
    story.quote("a", "The only harbour emergency is the mayor himself", "Cy Fox", "Fox", cue="said")
    story.quote("b", "We will declare a harbour emergency and then we will be sued", "Ann Lee", "Lee", cue="said")
    for group in story.groups():
        assert not group.attribution_drift


def test_a_fragment_matching_only_by_stem_is_a_check_at_most() -> None:
    story = Story()
    story.person("Ed Gold")
    story.person("Meg Horn")
    story.article("a", '"This decision should be deeply troubling to every sailor," Gold said.')
    story.article("b", "Horn said in her report that she was 'deeply troubled' by the messages.")
    story.quote("a", "This decision should be deeply troubling to every sailor", "Ed Gold", "Gold", cue="said")
    story.quote("b", "deeply troubled", "Meg Horn", "Horn", cue="said", kind="partial", rule="partial.cue_subject")
    for group in story.groups():
        assert not group.attribution_drift


def test_a_joint_statement_is_not_drift() -> None:
    story = Story()
    story.person("Ann Lee")
    story.person("Bo Ray")
    words = "The toll increase is a betrayal of every family in this county"
    story.article("a", f'"{words}," Lee and Ray said.')
    story.article("b", f'"{words}," Ray said.')
    story.quote("a", words, "Ann Lee", "Lee", cue="said")
    story.quote("b", words, "Bo Ray", "Ray", cue="said")
    [group] = story.groups()
    assert not group.attribution_drift


def test_a_quote_within_a_quote_is_a_check_at_most() -> None:
    story = Story()
    story.person("Ann Lee")
    story.person("Bo Ray")
    inner = "Nobody crosses this bridge until it is safe for children"
    story.article("a", f"\"My son asked me, '{inner}', and he was right,\" Lee said.")
    story.article("b", f'"{inner}," Ray said.')
    story.quote("a", f"My son asked me, '{inner}', and he was right", "Ann Lee", "Lee", cue="said")
    story.quote("b", inner, "Bo Ray", "Ray", cue="said")
    for group in story.groups():
        assert not group.attribution_drift


def test_a_speaker_a_person_confirms_turns_a_check_into_drift() -> None:
    from corroborate.corrections import Correction, apply_corrections, quote_ref
    from corroborate.model import Analysis, Provenance

    story = _governor_and_spokeswoman(rule="partial.cue_pronoun", mention="her")
    groups = story.groups()
    assert groups[0].drift_check
    articles = tuple(
        Article(id=i, source=f"{i}.txt", outlet=None, title=None, published=None, language="en", text=t)
        for i, t in story.articles.items()
    )
    provenance = Provenance(tool_version="test", model=None, model_version=None, settings={}, inputs=(), created="")
    analysis = Analysis(
        provenance=provenance,
        articles=articles,
        entities=tuple(story.entities.values()),
        quotes=tuple(story.quotes),
        quote_groups=tuple(groups),
    )
    fixed = apply_corrections(analysis, [Correction("fix_speaker", quote_ref(story.quotes[0]), "Tom Reyes")])
    assert fixed.quote_groups[0].attribution_drift and not fixed.quote_groups[0].drift_check


def test_a_word_the_official_is_quoted_saying_elsewhere_and_a_congressman_uses_too_is_not_drift() -> None:
    # Article b bears out article a's credit of "stop" to Whitlock; Ambler used the word
    # himself: nobody misattributes it. (Article a credits the two people apart: the word
    # does not group Whitlock's fragment with Ambler's sentence in the first place.)
    story = Story()
    story.person("Dana Whitlock")
    story.person("Rex Ambler")
    story.article(
        "a",
        'One Whitlock message said "stop" before the vote.\n\n'
        '"She set out to stop the inquiry before it began, and her messages show it," Rex Ambler said.',
    )
    story.article("b", '"No. No, it will not. We will stop it," Whitlock wrote.')
    story.quote("a", "stop", "Dana Whitlock", "Whitlock", cue="said", kind="partial", rule="partial.cue_document")
    story.quote(
        "a", "She set out to stop the inquiry before it began, and her messages show it", "Rex Ambler", "Rex Ambler", cue="said"
    )
    story.quote("b", "No. No, it will not. We will stop it", "Dana Whitlock", "Whitlock", cue="wrote")
    groups = story.groups()
    assert not any({m.quote for m in g.members} == {"a:q0", "a:q1"} for g in groups)
    assert not any(g.attribution_drift or g.drift_check for g in groups)


def test_the_council_must_act_now_credited_to_okafor_and_natarajan_in_one_article_is_a_check() -> None:
    """One article crediting the same words to two people tells of an echo or a reply
    (or of a headline taken for a quotation), not of an outlet misattributing them;
    the same credits in two articles are drift."""
    words = "The council must act now before the river floods the lower town"
    story = Story()
    story.person("Denise Okafor")
    story.person("Priya Natarajan")
    hall = "at the riverside hall, to a crowd of two hundred residents and most of the council"
    story.article("a", f'"{words}," Okafor said on Monday {hall}.\n\n"{words}," Natarajan said.')
    story.quote("a", words, "Denise Okafor", "Okafor", cue="said")
    story.quote("a", words, "Priya Natarajan", "Natarajan", cue="said", after=len(words) + 100)
    [group] = story.groups()
    assert not group.attribution_drift and group.drift_check
    assert "one article credits the words to both" in (group.drift_note or "")
    [across] = _two_outlets("Denise Okafor", "Priya Natarajan", words, words)
    assert across.attribution_drift


def test_he_said_after_a_paragraph_naming_only_wexley_is_drift() -> None:
    """A pronoun whose paragraph names no one else before it is a firm credit: the same
    words credited to another senator elsewhere are drift, not a check."""
    words = "The taxpayers deserved a lot better than this"
    story = Story()
    story.article("a", f"Mr. Wexley said the committee would hold a hearing. \u201c{words},\u201d he said.")
    story.article("b", f"\u201c{words},\u201d Senator Marian Kessler told reporters.")
    story.mentioned("Tom Wexley", "a", "Wexley")
    story.mentioned("Marian Kessler", "b", "Marian Kessler")
    group = _he_said_and_named(story, words, "Tom Wexley", ("Marian Kessler", "Marian Kessler", "told"))
    assert group.attribution_drift and "pronoun" in (group.drift_note or "")
    # With another person named before the pronoun in its paragraph, a check only.
    story.articles["a"] = f"Mr. Wexley and Mr. Orton said the committee would hold a hearing. \u201c{words},\u201d he said."
    story.mentioned("Dan Orton", "a", "Orton")
    group = _he_said_and_named(story, words, "Tom Wexley", ("Marian Kessler", "Marian Kessler", "told"))
    assert not group.attribution_drift and group.drift_check


def _he_said_and_named(story: Story, words: str, by: str, other: tuple[str, str, str]) -> QuoteGroup:
    """The group of `words` credited in article a to `by` through "he said", and in
    article b to another (name, mention, cue); the story's earlier quotes dropped."""
    story.quotes = []
    story.quote("a", words, by, "he", cue="said", rule="direct.cue_pronoun", confidence=0.9)
    story.quote("b", words, other[0], other[1], cue=other[2])
    [group] = story.groups()
    return group


def test_he_told_fox_news_opening_a_paragraph_about_corliss_is_drift() -> None:
    """A pronoun opening its paragraph reads the paragraph before; the NER's
    "organisation" named by the person's surname ("Corliss insisted") is the person."""
    words = "never discussed an appropriations request with his wife"
    story = Story()
    story.article("a", f"Corliss insisted the money went to training.\n\nHe told Fox News he \u201c{words}.\u201d")
    story.article("b", f"The congressman \u201chas {words},\u201d Kelsey Marchetti said.")
    story.person("Wade Corliss")
    story.person("Kelsey Marchetti", roles=(("b", "a spokeswoman for Corliss"),))
    story.mentioned("Corliss", "a", "Corliss", kind="organization")
    story.quote("a", words, "Wade Corliss", "He", cue="told", kind="partial", rule="partial.cue_pronoun", confidence=0.9)
    story.quote("b", words, "Kelsey Marchetti", "Kelsey Marchetti", cue="said", kind="partial")
    [group] = story.groups()
    assert group.attribution_drift


def test_she_said_after_a_spokeswoman_and_mr_farrow_is_the_spokeswoman() -> None:
    """ "Lena Ashe, a spokeswoman for Mr. Farrow, said ... "...," she said": Mr. Farrow is
    a man, so "she" has one person to stand for; the same words credited to Farrow
    elsewhere are drift, not a check."""
    words = "We will defend this ruling in every court"
    text = f"Lena Ashe, a spokeswoman for Mr. Farrow, said the office expected it. \u201c{words},\u201d she said."
    story = Story()
    story.article("a", text)
    story.article("b", f"\u201c{words},\u201d Farrow said.")
    story.mentioned("Lena Ashe", "a", "Lena Ashe")
    story.mentioned("Desmond Farrow", "a", "Mr. Farrow")
    story.quote("a", words, "Lena Ashe", "she", cue="said", rule="direct.cue_pronoun", confidence=0.9)
    story.quote("b", words, "Desmond Farrow", "Farrow", cue="said")
    [group] = story.groups()
    assert group.attribution_drift


def test_he_said_after_a_quotation_opening_its_paragraph_reads_the_paragraph_before() -> None:
    """ "Pryce would not discuss it.\\n\\n"...," he said. "..."": the pronoun's paragraph
    names no one before it, so the paragraph before tells whom it stands for."""
    words = "Diplomats must be able to write candidly to Washington"
    text = f"Pryce would not discuss the cable.\n\n\u201cWe will find the leaker,\u201d he said. \u201c{words}.\u201d"
    story = Story()
    story.article("a", text)
    story.article("b", f"\u201c{words},\u201d said Lauren Ocampo, a spokeswoman.")
    story.mentioned("Gordon Pryce", "a", "Pryce")
    story.person("Lauren Ocampo")
    story.quote("a", words, "Gordon Pryce", "he", cue="said", rule="direct.cue_pronoun", confidence=0.9)
    story.quote("b", words, "Lauren Ocampo", "Lauren Ocampo", cue="said")
    [group] = story.groups()
    assert group.attribution_drift


def test_he_said_after_tamsin_orrey_mr_kaels_campaign_manager_is_drift() -> None:
    """ "Tamsin Orrey, Mr. Kael's campaign manager, went further. “…,” he said": the man
    named as the owner of Orrey's role is no one "he" stands for, so the same words
    credited to Mr. Kael elsewhere are drift; named on his own, a check only."""
    words = "This count is not over, and we will not pretend it is because the networks want to sleep"
    story = Story()
    story.article("a", f"Tamsin Orrey, Mr. Kael\u2019s campaign manager, went further. \u201c{words},\u201d he said.")
    story.article("b", f"In a statement, Kael said, \u201c{words}.\u201d")
    story.mentioned("Tamsin Orrey", "a", "Tamsin Orrey")
    story.mentioned("Arlen Kael", "a", "Kael")
    story.mentioned("Arlen Kael", "b", "Kael")
    assert _he_said_and_named(story, words, "Tamsin Orrey", ("Arlen Kael", "Kael", "said")).attribution_drift
    story.articles["a"] = f"Tamsin Orrey and Mr. Kael went further. \u201c{words},\u201d he said."
    story.entities["Arlen Kael"] = story.entities["Arlen Kael"].model_copy(update={"mentions": ()})
    story.mentioned("Arlen Kael", "a", "Kael")
    story.mentioned("Arlen Kael", "b", "Kael")
    group = _he_said_and_named(story, words, "Tamsin Orrey", ("Arlen Kael", "Kael", "said"))
    assert not group.attribution_drift and group.drift_check


def test_a_bleak_night_for_keldoran_rowing_credited_to_two_officials_is_drift() -> None:
    """A fragment of four content words (a name among them) is an utterance, not a
    phrase anyone may use: the same words credited to another official are drift; a
    fragment of three ("a bad ferry idea") stays a check."""
    groups = _two_speakers(
        (
            "Ada Morrow",
            "Morrow said the ruling made it 'a bleak night for Keldoran rowing' on Monday.",
            "a bleak night for Keldoran rowing",
        ),
        ("Ben Castle", '"This is a bleak night for Keldoran rowing," Castle said.', "This is a bleak night for Keldoran rowing"),
        kind_a="partial",
    )
    assert any(g.attribution_drift for g in groups)
    groups = _two_speakers(
        ("Ada Morrow", "Morrow said the plan was 'a bad ferry idea' on Monday.", "a bad ferry idea"),
        ("Ben Castle", '"It is a bad ferry idea," Castle said.', "It is a bad ferry idea"),
        kind_a="partial",
    )
    assert not any(g.attribution_drift for g in groups) and any(g.drift_check for g in groups)


def _district_officer_and_superintendent(officer_role: str) -> Story:
    story = Story()
    story.person("Tarn Valley School District", kind="organization")
    story.person("Nora Vale", roles=(("a", "Superintendent"),))
    story.person("Pia Lund", roles=(("b", officer_role),))
    story.article("a", "Superintendent Nora Vale said paying the hackers “was never on the table for us.”")
    story.article("b", f"“Paying the hackers was never on the table for us,” said Pia Lund, {officer_role}.")
    story.quote(
        "a", "was never on the table for us.", "Nora Vale", "Nora Vale", cue="said", kind="partial", rule="partial.cue_subject"
    )
    story.quote("b", "Paying the hackers was never on the table for us", "Pia Lund", "Pia Lund", cue="said")
    return story


def test_the_district_officers_words_credited_to_its_superintendent_are_drift() -> None:
    # A spokeswoman for the district speaks for its superintendent, whose role names no
    # body: a short phrase of hers credited to him is the misattribution drift is about.
    [group] = _district_officer_and_superintendent("the district’s chief communications officer").groups()
    assert group.attribution_drift
    # The same words from a parent, who speaks for no one, are a phrase two people may use.
    [group] = _district_officer_and_superintendent("a parent of two").groups()
    assert not group.attribution_drift and group.drift_check


def test_harbour_lights_a_films_title_credited_to_the_actress_and_her_representative_is_no_drift() -> None:
    # A quoted title is no utterance, even when one of the two speaks for the other.
    story = Story()
    story.person("Nell Varga", roles=(("a", "actress"),))
    story.person("Tom Ode", roles=(("b", "a representative for Ms. Varga"),))
    story.article("a", "Nell Varga said she would never again film “Harbour Lights” on location.")
    story.article("b", "Tom Ode, a representative for Ms. Varga, said the “Harbour Lights” star was resting.")
    story.quote("a", "Harbour Lights", "Nell Varga", "Nell Varga", cue="said", kind="partial", rule="partial.cue_subject")
    story.quote("b", "Harbour Lights", "Tom Ode", "Tom Ode", cue="said", kind="partial", rule="partial.cue_subject")
    for group in story.groups():
        assert not group.attribution_drift
        assert not group.drift_check or "title" in (group.drift_note or "")
