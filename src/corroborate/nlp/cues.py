"""Cues: the words that report speech ("said", "told", "according to"), their subjects and channels.

Shared by the direct-quote attribution (`quotes`) and the indirect-quote finder
(`indirect`).
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import TextSpan
from corroborate.nlp.lexicon import PHRASAL_REPORTING_VERBS, REPORTING_FORMS, REPORTING_VERBS, SPEAKING_NOUNS, SPEECH_NOUNS
from corroborate.nlp.names import ROLE_WORDS
from corroborate.nlp.person_names import entity_span
from corroborate.nlp.sentences import across_lines, is_dateline, sentence_of
from corroborate.nlp.spans import covered

SUBJECT_DEPS = ("nsubj", "nsubjpass")
# "alleged members", "the said report": a reporting verb used as a modifier is no cue.
NOT_CUE_DEPS = frozenset(["amod", "compound", "nmod"])


def owned_speech_noun(token: Token) -> bool:
    """A noun naming someone's words, with the someone as possessor: "the mayor's claim", "her remark"."""
    return (
        token.pos_ == "NOUN"
        and token.lower_ in SPEECH_NOUNS
        and any(
            c.dep_ == "poss" and (c.ent_type_ in ("PERSON", "ORG") or c.lower_ in ("his", "her", "their")) for c in token.children
        )
    )


def is_according_to(token: Token) -> bool:
    return token.lower_ == "according" and token.i + 1 < len(token.doc) and token.doc[token.i + 1].lower_ == "to"


def according_to_in(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """The "according to" of the cue's sentence that names a source, outside quotations, when
    the cue is not it: its "according"."""
    for token in sentence_of(cue):
        if token.i != cue.i and is_according_to(token) and not covered(quoted, token.idx):
            obj = _according_to_object(token)
            if obj is not None and not covered(quoted, obj.idx) and (obj.ent_type_ or obj.pos_ in ("NOUN", "PROPN")):
                return token
    return None


def is_phrasal_speech(token: Token) -> bool:
    """A verb of speech with its particle: "shot back", "pointed out that …" (the parse may
    make the particle an adverb: "Hillary shot back, “…”")."""
    return token.pos_ == "VERB" and any(
        c.dep_ in ("prt", "advmod") and (token.lemma_.lower(), c.lower_) in PHRASAL_REPORTING_VERBS for c in token.children
    )


def is_question_clause(clause: Token) -> bool:
    """A clause of "whether" or "if" under a cue ("asked if he would run", "declined to
    say whether she supports it"): a question put or left open, which no one is
    reported to assert."""
    return any(c.dep_ == "mark" and c.lower_ in ("whether", "if") and c.i < clause.i for c in clause.children)


def is_speech_cue(token: Token) -> bool:
    if token.lower_ in REPORTING_FORMS and token.text[0].isupper() and _before_a_name(token):
        return True  # "Said Ellis: …", "Stated Stone: …", often tagged a proper noun
    if _noun_tagged_verb(token):
        return True  # "“…,” the Saudis state in the paper", "“…,” the document states": a verb tagged a noun
    if token.lemma_ == "put" and any(c.dep_ == "dobj" and c.lower_ == "it" for c in token.children):
        return True  # "as Rosenthal put it, …"
    if token.tag_ == "VBN" and token.dep_ == "acl" and token.head.lower_ in _MEDIUM_NOUNS:
        return False  # "an interview first posted online by The Hill": who published it, not who spoke
    if token.lemma_ in _NOT_SPEECH_WITH and any(
        (c.dep_ in ("dobj", "xcomp") or (c.dep_ == "prep" and c.lower_ == "with")) and not _quoted_words(c)
        for c in token.children
    ):
        return False  # "the senator continues his praise", "the ad concludes with footage": no words reported
    if token.lemma_ == "add" and any(c.dep_ == "dobj" and _counts_a_thing(c) for c in token.children):
        return False  # "Lawson added 16 points", "the economy added 200,000 jobs": a count, not words
    return (
        (token.lemma_.lower() in REPORTING_VERBS or is_phrasal_speech(token))
        and token.pos_ in ("VERB", "AUX")
        and token.dep_ not in NOT_CUE_DEPS
    ) or is_according_to(token)


_OPENING_MARKS = frozenset(["“", '"', "''", "‘", "'", "«"])


def _quoted_words(child: Token) -> bool:
    """A verb's object that is a quotation ("“…,” Ames continued, “to nominate …”"): the words
    it reports, not a thing it continues."""
    first = child.left_edge
    before = child.doc[first.i - 1] if first.i else None
    return first.text in _OPENING_MARKS or (before is not None and before.text in _OPENING_MARKS)


def _counts_a_thing(child: Token) -> bool:
    """An object that is a counted noun phrase ("16 points", "two more goals"), not quoted words."""
    return child.pos_ in ("NOUN", "PROPN") and not _quoted_words(child) and any(t.like_num for t in child.subtree)


def _noun_tagged_verb(token: Token) -> bool:
    """A reporting verb the tagger took for a noun, in an inverted quotation's verb place."""
    forms = token.lower_ in REPORTING_FORMS or token.lower_ in REPORTING_VERBS
    return token.pos_ == "NOUN" and forms and _after_quotation_and_subject(token)


def _after_quotation_and_subject(token: Token) -> bool:
    """A word right after "“…,” the NOUN(S)": the place of an inverted quotation's verb."""
    doc = token.doc
    i = token.i - 1
    if i < 1 or doc[i].pos_ not in ("NOUN", "PROPN") or doc[i].lower_ in REPORTING_FORMS:
        return False
    while i > 0 and doc[i - 1].pos_ in ("NOUN", "PROPN", "ADJ", "DET") and token.i - i < 5:
        i -= 1
    return i >= 2 and doc[i - 1].text in _CLOSING and doc[i - 2].text in (",", "?", "!")


_CLOSING = frozenset(["”", '"', "''", "’"])


def _before_a_name(token: Token) -> bool:
    """A capitalised verb form followed by a proper noun: "Said Ellis", "Added Mayor Okafor"."""
    if token.lower_ in ("said", "says"):
        return True
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return following is not None and following.pos_ == "PROPN" and following.text[:1].isupper()


# Nouns for a medium words were given in ("an interview posted by …", "a video posted by …").
_MEDIUM_NOUNS = frozenset("interview interviews video videos clip podcast broadcast op-ed column article story".split())
# Reporting verbs that report nothing when they take an object ("continue the fight").
_NOT_SPEECH_WITH = frozenset(["continue", "conclude"])


def subject_of(cue: Token, quoted: list[tuple[int, int]] = ()) -> Token | None:  # type: ignore[assignment]
    """The subject of a cue (climbing "said, adding that" to the verb that has one).

    Subjects inside a quotation (`quoted` spans) are the speaker's words, never the speaker.
    """
    if cue.lower_ == "according":
        return _according_to_object(cue)
    if _noun_tagged_verb(cue):
        return cue.doc[cue.i - 1]  # "“…,” the document states": the noun before it
    listed = cue.dep_ == "conj" and cue.head.pos_ == "NOUN"  # "Akin's ad, and claims that …" (a noun read as a verb)
    if cue.pos_ == "NOUN" or listed:  # "the mayor's claim that …": the owner of the words
        owner = next((c for c in cue.children if c.dep_ == "poss"), None)
        if owner is None and cue.dep_ == "conj":  # a list of nouns shares its possessor
            owner = next((c for c in cue.head.children if c.dep_ == "poss"), None)
        if owner is not None or cue.pos_ == "NOUN":
            return owner
    agent = _agent(cue)
    if agent is not None:
        return agent  # "was written by the singer": the passive's agent wrote it
    if cue.lemma_ in _ADDRESSED and any(c.dep_ == "nsubjpass" for c in cue.children):
        return None  # "he had been told that …": the one told, not the teller
    if cue.tag_ == "VBG" and cue.i:
        # "footage of Dana Ruiz asking, …": the person doing the asking, however the parse hung it
        before = cue.doc[cue.i - 1]
        if (
            before.ent_type_ == "PERSON"
            and (before.head == cue or before.head.lower_ == "of")
            and not covered(quoted, before.idx)
        ):
            return before
    thing: Token | None = None  # a climbed-to verb's subject that names no speaker
    for verb in climbed(cue):
        if verb.i != cue.i and _goes_on_from_report(cue, verb):
            continue  # ("X told Y that Z “…,” adding, “…”": X adds, not Z)
        subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS and not covered(quoted, c.idx)]
        if len(subjects) > 1:
            # "PORT KESSLER, Ohio — Ohio's attorney general said": the dateline is no subject
            subjects = [c for c in subjects if not is_dateline(c)] or subjects
        if subjects and all(across_lines(c, cue) for c in subjects):
            # The parse ran the paragraph before into this one: the name opening the verb's line.
            opening = _line_opening_name(cue, quoted)
            if opening is not None:
                return opening
        elif subjects:
            subjects = [c for c in subjects if not across_lines(c, cue)]
        if subjects:
            # "2:51 PM PT -- A spokesperson … told": the subject nearest the verb.
            named = [c for c in subjects if c.ent_type_ in ("PERSON", "ORG")]
            chosen = named or subjects  # "said resident Joan Pike": the name, not "resident"
            earlier = [c for c in chosen if c.i < verb.i]
            found = earlier[-1] if earlier else chosen[0]  # ("Ortiz, who said …": `resolve_subject` finds whom "who" stands for)
            if verb is cue or _may_speak(found):
                return found
            # "Ames argued that a database would help, saying it is “…”": the participle hangs
            # from the reported clause, whose subject is a thing; its speaker is further up.
            thing = thing or found
            continue
        if _hung_from_name(verb) and verb.head.ent_type_ == "PERSON" and not covered(quoted, verb.head.idx):
            return verb.head  # "which the firm's chief, Lena Ambrose, called …": the name the verb hangs from
        if verb.i != cue.i and covered(quoted, verb.idx) and (teller := _quotation_teller(verb, quoted)) is not None:
            return teller  # "he wrote, “…,” and said …": the parse rooted the line in the quotation
    if thing is not None:
        return thing
    return (
        _inverted_subject(cue, quoted)
        or _adjacent_name(cue, quoted)
        or _name_before_apposition(cue, quoted)
        or _preceding_subject(cue, quoted)
        or _fronted_name(cue, quoted)
    )


# Speech verbs whose passive subject is the one addressed ("was told", "had been assured").
_ADDRESSED = frozenset(["tell", "inform", "advise", "assure", "reassure", "warn", "brief", "notify"])


def _quotation_teller(verb: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """The subject of the speech verb that introduces a quotation whose own verb the
    parse made the head of the line ("he wrote, “It has been …,” and said …")."""
    for child in verb.children:
        if child.dep_ in ("parataxis", "ccomp") and not covered(quoted, child.idx) and is_speech_cue(child):
            subject = next((c for c in child.children if c.dep_ in SUBJECT_DEPS and not covered(quoted, c.idx)), None)
            if subject is not None:
                return subject
    return None


def _goes_on_from_report(cue: Token, verb: Token) -> bool:
    """An "adding" the parse hung on a clause that another speech verb reports, or a speech
    verb joined to such a clause whose subject is an empty "it" ("X said it was too early
    … but added, “…”"): the one who goes on is that verb's speaker, not the reported
    clause's subject."""
    if verb.dep_ != "ccomp" or not is_speech_cue(verb.head):
        return False
    if cue.lemma_ == "add" and cue.tag_ == "VBG":
        return True
    return (
        cue.dep_ == "conj"
        and cue.head.i == verb.i
        and any(c.dep_ == "expl" or (c.dep_ == "nsubj" and c.lower_ == "it" and verb.lemma_ == "be") for c in verb.children)
    )


def _hung_from_name(verb: Token) -> bool:
    """A verb the parse hung from a name as a modifier with no relative word: "Lena Ambrose,
    called …", "Sen. Tom Vale, the party's leader, on Tuesday called …" (a main verb read as a
    relative clause)."""
    return verb.dep_ == "acl" or (verb.dep_ == "relcl" and not any(c.tag_ in ("WP", "WDT", "WP$") for c in verb.children))


def _may_speak(subject: Token) -> bool:
    """A subject that can be a speaker: a name, an organisation, a pronoun, a role, people or a document."""
    return (
        subject.ent_type_ in ("PERSON", "ORG", "NORP", "GPE")
        or subject.pos_ in ("PRON", "PROPN")
        or subject.lower_ in SPEAKING_NOUNS
        or subject.lower_ in ROLE_WORDS
    )


def climbed(cue: Token, steps: int = 4) -> Iterator[Token]:
    """The cue and the words above it in the parse, at most `steps`, up to the sentence's root.

    The root is its own head in spaCy; `Token` objects are made anew on each access, so the
    test is by position (`head.i == i`), never by identity."""
    verb = cue
    for _ in range(steps):
        yield verb
        if verb.head.i == verb.i:
            return
        verb = verb.head


_CLOSING_MARKS = frozenset(["”", '"', "''", "’", "'"])
_INVERTED_DEPS = frozenset(["dobj", "attr", "dep", "oprd", "appos", "nsubj"])


def _inverted_subject(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """The speaker after a verb right after a quotation, which the parse made its object
    ("“…,” added another New Hampshire Democrat", "“…,” read the email"): that noun."""
    doc = cue.doc
    i = cue.i - 1
    while i >= 0 and doc[i].is_space:
        i -= 1
    if i < 0 or doc[i].text not in _CLOSING_MARKS or cue.tag_ not in ("VBD", "VBZ", "VBP", "VB"):
        return None
    for child in cue.children:
        if (
            child.i > cue.i
            and child.dep_ in _INVERTED_DEPS
            and (child.pos_ in ("NOUN", "PROPN") or child.lower_ in _INDEFINITE_SPEAKERS)
            and child.ent_type_ not in ("DATE", "TIME")
            and child.left_edge.i <= cue.i + 4
            and not covered(quoted, child.idx)
        ):
            return child
    # "“…,” said the woman, who …": the parse hung the noun on a later verb; the noun
    # phrase right after the verb, ending at a comma or the sentence's end
    i = cue.i + 1
    while i < len(doc) and i <= cue.i + 6 and (doc[i].pos_ in ("DET", "ADJ", "PROPN", "NOUN") or doc[i].tag_ == "NNP"):
        i += 1
    last = doc[i - 1] if i - 1 > cue.i else None
    closed = i >= len(doc) or doc[i].text in _PHRASE_ENDS
    if last is None or not closed or last.pos_ not in ("NOUN", "PROPN") or last.ent_type_ in ("DATE", "TIME"):
        return _name_after_verb(cue, quoted)
    return None if covered(quoted, last.idx) else last


_PHRASE_ENDS = frozenset([",", ".", "(", ";", "—"])


def _name_after_verb(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """The name closing the words between an inverted verb and the next comma or bracket,
    however the parse tagged them ("“…,” said Skelly, explaining …": a surname read as an
    adverb; "said Oversight ranking Democrat Elijah Cummings (D-Md.)": a title read as a
    clause): its last word, when capitalised and no date."""
    doc = cue.doc
    end = cue.i + 1
    while end < len(doc) and end <= cue.i + 8 and not (doc[end].is_punct or doc[end].is_space):
        end += 1
    if end == cue.i + 1 or end > cue.i + 8 or (end < len(doc) and doc[end].text not in _PHRASE_ENDS):
        return None
    last = doc[end - 1]
    if not last.is_title or last.is_stop or last.ent_type_ in ("DATE", "TIME", "GPE") or covered(quoted, last.idx):
        return None
    return last


# Pronouns that can name a speaker after the verb: "“…,” tweeted another."
_INDEFINITE_SPEAKERS = frozenset(["another", "one", "others", "someone", "somebody"])


def _fronted_name(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """A capitalised word opening the sentence of a subjectless main verb, which the parse
    hung on the verb as a modifier ("Long on Monday also denied that …": a surname read
    as an adverb). `resolve_subject` keeps it only as a name the article gives in full."""
    sentence = sentence_of(cue)
    first = next((t for t in sentence if not t.is_space), None)
    modal = next((c for c in cue.children if c.dep_ == "aux" and c.tag_ == "MD" and c.is_title and c.i < cue.i), None)
    if modal is not None and not covered(quoted, modal.idx) and (modal != first or not sentence.text.rstrip().endswith("?")):
        return modal  # "…, Will described Trump as …": a surname read as a modal (not a question's "Will")
    if first is None or first.i >= cue.i or first.head != cue or covered(quoted, first.idx):
        return None
    if first.dep_ not in ("advmod", "npadvmod", "dep", "nmod", "amod") or not first.is_title or first.is_stop or first.ent_type_:
        return None
    return first


def _line_opening_name(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """The noun phrase opening the cue's line when a verb follows it ("…Jim Talent⏎⏎Romney
    released a statement saying", "2:40 p.m.⏎⏎Donald Trump's campaign manager says"): its head word."""
    doc = cue.doc
    i = cue.i
    while i > 0 and not (doc[i - 1].is_space and "\n" in doc[i - 1].text):
        i -= 1
    if doc[i].pos_ == "DET":
        i += 1
    last = None

    def named(token: Token) -> bool:  # (a name whatever its tag: "MoDOT says" read as an adverb)
        return token.pos_ in ("PROPN", "NOUN") or token.ent_type_ in ("PERSON", "ORG")

    while i < cue.i and (named(doc[i]) or doc[i].tag_ == "POS" or doc[i].text in (".", "-")):
        last = doc[i] if named(doc[i]) else last
        i += 1
    while i < cue.i and doc[i].pos_ == "ADV":
        i += 1
    if last is None or doc[i].pos_ not in ("VERB", "AUX") or covered(quoted, last.idx):
        return None
    return last


def _according_to_object(cue: Token) -> Token | None:
    """The object of "according to": its pobj, or the noun a misparse hid ("according to show insiders")."""
    to = cue.doc[cue.i + 1]
    pobj = next((c for c in to.children if c.dep_ == "pobj"), None)
    if pobj is not None:
        for child in pobj.children:
            # "according to a speech Mrs. Halloran delivered": the person who gave it
            if child.dep_ == "relcl":
                author = next((c for c in child.children if c.dep_ == "nsubj"), None)
                if author is not None and author.ent_type_ in ("PERSON", "ORG"):
                    return author
        return pobj
    nouns = [t for t in to.subtree if t.pos_ in ("NOUN", "PROPN") and t.dep_ in ("dobj", "pobj", "nsubj")]
    return nouns[0] if nouns else None


def _agent(cue: Token) -> Token | None:
    """The agent of a passive reporting verb: "“…” was written by Nils Ekberg"."""
    for child in cue.children:
        if child.dep_ == "agent":
            return next((c for c in child.children if c.dep_ == "pobj"), None)
    return None


_QUOTED_IN_APPOSITION = 6


def _name_before_apposition(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """A misparsed "Brandt, a top adviser, said" or "Osei, the league's chief, forcefully told":
    the name before a comma-enclosed apposition right before the verb, which may quote a few
    words ("Bill Easton, wearing “Pier 9” union pins, said")."""
    doc = cue.doc
    start = sentence_of(cue).start
    i = cue.i - 1
    while i >= start and doc[i].pos_ == "ADV":
        i -= 1
    if i < start or doc[i].text != ",":
        return None
    window = range(i - 1, max(start, i - 30) - 1, -1)
    # "Mr. Slinker, whose start-up, Paradata, uses big data, said": the name a relative
    # clause set off by commas describes, however many commas the clause holds.
    for j in window:
        token = doc[j]
        if covered(quoted, token.idx):
            break
        if token.lower_ in ("who", "whose") and j - 2 >= start and doc[j - 1].text == ",":
            described = doc[j - 2]
            return described if described.ent_type_ in ("PERSON", "ORG") and not covered(quoted, described.idx) else None
    skipped = 0  # a few quoted words inside the apposition ("wearing “Cruz” pins"), not the quotation
    for j in window:
        token = doc[j]
        if j == i - 1 and token.ent_type_ == "PERSON":
            return None if covered(quoted, token.idx) else token  # "Lena Ambrose, called …"
        if (covered(quoted, token.idx) or token.is_quote) and skipped < _QUOTED_IN_APPOSITION:
            skipped += 1
            continue
        if token.text == ",":
            name = doc[j - 1] if j > start else None
            if name is not None and name.ent_type_ in ("PERSON", "ORG") and not covered(quoted, name.idx):
                return name
            if name is not None and name.ent_type_ == "GPE":
                continue  # "Mr. Daniloff, now retired in Cambridge, Mass., said": a place's comma
            return None
        if covered(quoted, token.idx) or (token.is_punct and token.text not in "-.()"):
            return None
    return None


def _preceding_subject(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """A participle or infinitive cue the parse left without a subject ("Vance hardly clarified it,
    … asserting, “…”", "Ames said, going on to say …"): the nearest subject before it, outside quotations."""
    if cue.tag_ not in ("VBG", "VB", "VBN"):
        return None
    for token in reversed(cue.doc[sentence_of(cue).start : cue.i]):
        if token.dep_ == "nsubj" and not covered(quoted, token.idx):
            return token
    return None


def _adjacent_name(cue: Token, quoted: list[tuple[int, int]]) -> Token | None:
    """A misparsed "…,” Chief Chuck Jordan said" or "Said Ellis:": the name right beside the verb."""
    doc = cue.doc
    for i in (cue.i - 1, cue.i + 1):
        if not 0 <= i < len(doc) or covered(quoted, doc[i].idx):
            continue
        token = doc[i]
        if (
            i > cue.i
            and not cue.text[:1].isupper()
            and any(c.dep_ in ("dobj", "dative") and c.left_edge.i == i for c in cue.children)
        ):
            continue  # "Will described Trump as …": the name after a verb in its place is its object
        if i > cue.i and _opens_reported_subject(cue, token):
            continue  # "…, said Mr. Trump was a candidate": the reported clause's subject
        if token.ent_type_ in ("PERSON", "ORG") or (token.pos_ == "PROPN" and token.text[:1].isupper() and not token.ent_type_):
            return token
    return None


def _opens_reported_subject(cue: Token, token: Token) -> bool:
    """Whether `token` begins the subject of a clause the cue reports ("said Mr. Trump was …");
    not of a second speech verb ("said Akin said of …", a doubled verb: Akin is the speaker)."""
    for clause in cue.children:
        if clause.dep_ != "ccomp" or clause.i < cue.i or clause.lemma_.lower() in REPORTING_VERBS:
            continue
        if any(c.dep_ in ("nsubj", "nsubjpass") and c.left_edge.i == token.i for c in clause.children):
            return True
    return False


def channel_of(cue: Token, registry: OutletRegistry | None) -> str | None:
    """Where the words were given: "told Fox News", "wrote on X", "in a statement"."""
    candidates: list[Token] = []
    for child in cue.children:
        if child.dep_ in ("dobj", "dative") and cue.lemma_ == "tell":
            candidates.append(child)
        elif child.dep_ == "prep" and child.lower_ in ("on", "to", "in", "with"):
            candidates.extend(c for c in child.children if c.dep_ == "pobj")
    for token in list(candidates):
        if token.lower_ in ("statement", "interview", "email", "letter"):
            # "in an interview with Fox News": the outlet beats the medium.
            candidates[:0] = [
                c
                for p in token.children
                if p.dep_ == "prep" and p.lower_ in ("with", "to")
                for c in p.children
                if c.dep_ == "pobj"
            ]
    for token in candidates:
        ent = entity_span(token)
        text = (
            ent.text
            if ent is not None
            else " ".join(t.text for t in token.subtree if t.dep_ != "det" or t.i != token.left_edge.i)
        )
        if registry is not None and (outlet := registry.resolve(text)) is not None:
            return outlet.name
        if token.lower_ in ("statement", "interview", "post", "video", "email"):
            return token.lower_
        if ent is not None and ent.label_ == "ORG":
            return ent.text
    return None


def cue_text(cue: Token) -> TextSpan:
    """The cue's words: the verb, or "according to"."""
    if cue.lower_ == "according":
        to = cue.doc[cue.i + 1]
        return TextSpan(start=cue.idx, end=to.idx + len(to), text=cue.doc[cue.i : to.i + 1].text)
    return TextSpan(start=cue.idx, end=cue.idx + len(cue), text=cue.text)
