"""Who a cue's subject is: names, titles and roles, pronouns, organisations, unnamed people.

`ArticlePeople` (`corroborate.nlp.people`) indexes the people of one article
(mentions outside quotations, their roles and, where the text tells, their gender);
`resolve_subject` turns the subject of a reporting verb into a `Speaker`:

- a name ("Mike Coffman", "Coffman", "Cindy", a misspelt "Jurinksy") becomes the
  article's canonical full name;
- a definite role ("the mayor", "the Republican mayor", "the city's mayor",
  "the spokesperson") becomes the person the article gave that role to;
- a pronoun becomes the nearest person before it whose gender agrees, favouring
  the subject of an earlier sentence and the previous speaker;
- an indefinite or unresolved description ("a spokesperson for Gov. X", "the
  governor's aide", "a man") stays unnamed, with `description` and, where the
  words say whom they speak for, `represents`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Span, Token

from corroborate.model import Speaker, TextSpan
from corroborate.nlp.bodies import (
    BODY_NOUNS,
    COMPANY_NOUNS,
    OFFICIALS,
    body_before,
    body_meant,
    company_meant,
    organisation_shortened,
    paper_meant,
)
from corroborate.nlp.document_authors import (
    AUTHORED_KINDS,
    DOCUMENT_NOUNS,
    author_by_verb,
    document_author,
    document_it_stands_for,
)
from corroborate.nlp.events import singular
from corroborate.nlp.group_speakers import (
    bodies_named_before,
    group_speaker,
    joint_speaker,
    members_named_after,
    plural_antecedent,
    spoke_jointly,
)
from corroborate.nlp.lexicon import DOCUMENT_KINDS, REPORTING_FORMS
from corroborate.nlp.names import OFFICES, PRONOUN_GENDER, ROLE_WORDS, clean_name
from corroborate.nlp.people import PRONOUNS, WINDOW_CHARS, ArticlePeople, title_gender
from corroborate.nlp.person_names import entity_span, resident_named, titled_names, trimmed_name
from corroborate.nlp.rules import CONFIDENCE
from corroborate.nlp.sentences import doc_text, is_dateline, sentence_of

_POLICE_WORDS = frozenset(["police", "cop", "cops", "officer", "officers"])
_MAX_DESCRIPTION_TOKENS = 14
# A verb's modifiers: a word so hung is a name the parse misread or none at all, never a description.
_MODIFIER_DEPS = frozenset(["advmod", "npadvmod", "dep", "nmod", "amod"])


def _plural_noun_opening(token: Token) -> bool:
    """A plural common noun the parser took for a name because it opens its sentence
    ("Records show that ..."): no named entity, and the dictionary knows its singular."""
    if not token.is_sent_start or token.ent_type_:
        return False
    one = singular(token.lower_)
    return one is not None and one != token.lower_


_PLURAL_VOICES = {"aides": "aide", "spokesmen": "spokesperson", "spokeswomen": "spokesperson", "spokespeople": "spokesperson"}


def _antecedent_of_relative(pronoun: Token) -> Token:
    """The noun a relative pronoun stands for: the relative clause's head, or in a list
    ("Will Smith and Stevie Wonder, who joked …") the member right before the pronoun."""
    head = pronoun.head.head
    if head.dep_ == "pobj" and head.head.lower_ in _TIME_PREPOSITIONS:
        # "put out a statement shortly after Romney's remarks that claimed …": what claims is
        # the document the time phrase follows, not the event that dates it
        doc = head.doc
        for token in reversed(doc[sentence_of(head).start : head.head.i]):
            if token.pos_ == "NOUN" and token.lower_ in DOCUMENT_NOUNS:
                return token
            if token.pos_ not in ("ADV", "ADP", "DET", "ADJ"):
                break
    members = [t for t in head.conjuncts if t.i < pronoun.i] + [head]
    return max(members, key=lambda t: t.i)


_TIME_PREPOSITIONS = frozenset(["after", "before", "since", "following", "during"])


def _span_text(span: Span) -> TextSpan:
    return TextSpan(start=span.start_char, end=span.end_char, text=span.text)


# Prepositions by which a description says whom it speaks for: "a spokesperson for X",
# "officials with X", "a source within X", "an aide at X", "a statement from X".
_FOR_PREPOSITIONS = frozenset(["for", "with", "within", "at", "from", "of", "in", "by", "to"])
# Of those, the ones by which a description says it speaks for someone even when that
# one is no entity of the article (no guess at a person then); "in" and "by" need not
# ("a spokeswoman in Washington").
_SPOKEN_FOR_BY = frozenset(["for", "with", "from", "at", "of", "to"])


def _owner_of(token: Token, people: ArticlePeople) -> str | None:
    """The person or organisation `token` names: an entity, a role held, or a definite
    description of an organisation named earlier ("the Democratic committee")."""
    if (ent := entity_span(token, ("PERSON", "ORG"))) is not None:
        span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s"):
            span = span[:-1]
        name = clean_name(span.text)
        if ent.label_ == "PERSON":
            return people.canonical(name, title_gender(span))
        if len(span) == 1 and (known := _known_surname(span[0], people)) is not None:
            return known  # ("Halvey’s office", her surname tagged an organisation)
        return name
    if (place := entity_span(token, ("GPE", "NORP"))) is not None and (
        organisation := organisation_shortened(place, people.orgs)
    ):
        return organisation  # ("a spokeswoman for Corlane", the company the NER read as a place)
    key = ROLE_WORDS.get(token.lower_)
    if key is not None:
        return people.person_by_role(key, token.idx)
    if token.lower_ in _OWN_BODIES:
        # "a representative for his office", "a spokesman for Mr. Long's campaign": its holder
        holder = next((c for c in token.children if c.dep_ == "poss"), None)
        if holder is not None and holder.lower_ in PRONOUN_GENDER:
            return people.antecedent(holder, None)
        if holder is not None and holder.ent_type_ == "PERSON":
            return _owner_of(holder, people)
        if holder is not None and holder.pos_ == "PROPN" and (known := _known_surname(holder, people)) is not None:
            return known  # "a spokesperson for Rourke's office": the Ruth Rourke named before
    if (
        token.dep_ in ("poss", "pobj")
        and token.pos_ in ("PROPN", "NOUN")
        and (known := _known_surname(token, people)) is not None
    ):
        return known  # "Galvin's office", "a spokesman for Brandvold": the Ray Galvin the article named before
    return _organisation_described(token, people)


# What a person speaks through that is theirs alone: "his office", "her campaign".
_OWN_BODIES = frozenset("office campaign team staff".split())


def _organisation_described(token: Token, people: ArticlePeople) -> str | None:
    """The organisation a definite description points back to: the latest named before it
    whose name holds all the description's words ("the Democratic committee" for the
    Democratic National Committee)."""
    if not any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in token.children):
        return None
    words = {token.lower_} | {c.lower_ for c in token.children if c.dep_ in ("amod", "compound") and c.is_alpha}
    if len(words) < 2:
        return None  # a bare "the committee" could be any committee
    found = [org for org in people.orgs_between(token.idx - 4 * WINDOW_CHARS, token.idx) if words <= set(org.casefold().split())]
    return found[-1] if found else None


def _represented(head: Token, people: ArticlePeople) -> str | None:
    """Whom a description speaks for: "a spokesperson for Gov. X", "the governor's aide", "officials with X",
    "a Velmoran defense official" (the body the article named by that word: "the Defense Ministry")."""
    if head.lower_ in OFFICIALS:
        for token in head.children:
            if token.dep_ == "compound" and (company := company_meant(token, people)) is not None:
                return company
            if (
                token.dep_ == "compound"
                and token.is_lower
                and token.is_alpha
                and token.lower_ not in BODY_NOUNS
                and token.lower_ != "administration"  # (its own rule below: whose administration)
                and (body := body_before(token, people, frozenset([token.lower_]))) is not None
            ):
                return body
    for token in head.subtree:
        if token.dep_ == "poss" and token.head == head and token.lower_ in ("his", "her"):
            # "his campaign noted", "her aides said": whom the pronoun points to
            return people.antecedent(token, None)
        speaks_for = token.dep_ == "pobj" and token.head.lower_ in _FOR_PREPOSITIONS and token.head.head == head
        if speaks_for and head.lower_ in OFFICIALS and (company := company_meant(token, people)) is not None:
            return company  # "a spokeswoman for the company", "a spokesman for the Houston company"
        if (
            speaks_for
            or (token.dep_ == "poss" and token.head == head)
            # "The complaint, filed with the commission by the Bench Project,": whoever filed it
            or (
                token.dep_ == "pobj"
                and token.head.dep_ == "agent"
                and token.head.head.dep_ == "acl"
                and token.head.head.head == head
            )
            or (token.dep_ == "compound" and token.head == head and token.ent_type_ in ("PERSON", "ORG"))
        ):  # "a spokesperson for X", "X's aide", "a senior Treasury official", "top Clinton advisers"
            owner = _owner_of(token, people)
            if owner is not None:
                return owner
        if token.dep_ == "compound" and token.head == head and token.pos_ == "PROPN" and not token.ent_type_:
            # "a Bluewater spokesperson": the organisation the article named by that word
            named = [org for org in people.orgs_between(0, token.idx) if org.split()[0] == token.text]
            if named:
                return named[-1]
        if token.dep_ == "compound" and token.head == head and token.lower_ == "administration":
            # "a senior administration official": whose administration, else the White House
            # the article names; never an agency that is an "Administration" by name.
            return _administration_of(token, people) or next(
                (org for org in people.orgs_between(0, len(doc_text(token.doc))) if org.casefold() == "white house"), None
            )
        if token.dep_ == "compound" and token.head == head and not token.ent_type_ and token.lower_ in BODY_NOUNS:
            # "an agency spokesperson": the latest body of that kind the article named
            body = body_before(token, people, BODY_NOUNS[token.lower_])
            if body is not None:
                return body
    return None


_EDGE_MARKS = frozenset([",", ";", ":", "-", "–", "—", "--"])
_TIMES = frozenset(["DATE", "TIME"])
_DATING_PREPOSITIONS = frozenset(["on", "in", "at", "during", "since"])


def _without_edge_marks(tokens: list[Token], subject: Token) -> list[Token]:
    """A description without the commas and dashes the parse hangs on its edges, nor a
    quotation mark left unpaired there: "” a port source, who …, told" is "a port source";
    "a movie called “The Notorious Bettie Page”" keeps its pair."""

    def unpaired(token: Token) -> bool:
        return token.is_quote and sum(t.is_quote for t in tokens) % 2 == 1

    while len(tokens) > 1 and tokens[0] != subject and (tokens[0].text in _EDGE_MARKS or unpaired(tokens[0])):
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1] != subject and (tokens[-1].text in _EDGE_MARKS or unpaired(tokens[-1])):
        tokens = tokens[:-1]
    return tokens


def _without_time(tokens: list[Token], subject: Token) -> list[Token]:
    """A description without the time the parse hung on it last: "a spokesman for the
    agency on Tuesday" is "a spokesman for the agency" (the day belongs to the saying).
    A time inside the description stays ("the 2024 campaign", "a report released in
    September by the academy", "the author of 2016 and Beyond")."""
    for n, token in enumerate(tokens):
        if token.i <= subject.i or token.head.pos_ not in ("NOUN", "PROPN"):
            continue  # (a time on a participle dates that: "a report released in September")
        timed = (token.dep_ == "npadvmod" and token.ent_type_ in _TIMES) or (
            token.dep_ == "prep"
            and token.lower_ in _DATING_PREPOSITIONS
            and any(c.ent_type_ in _TIMES for c in token.children if c.dep_ == "pobj")
        )
        if not timed:
            continue
        time = {t.i for t in token.subtree}
        if all(t.i in time or t.is_punct for t in tokens[n:]):  # (nothing but the time follows)
            return tokens[:n] or tokens
    return tokens


def _without_common_owner(span: Span) -> Span:
    """An organisation's name without a common-noun owner the NER took in: "the bureau's
    Office of Professional Responsibility" is the Office of Professional Responsibility."""
    for token in span[:-1]:
        if token.tag_ == "POS" and all(not t.text[:1].isupper() for t in span[: token.i - span.start] if t.is_alpha):
            return Span(span.doc, token.i + 1, span.end, label=span.label_)
    return span


def _with_of_phrase(span: Span) -> Span:
    """An organisation's name the NER cut before its "of" phrase: "The U.S. Department" + "of the Treasury"."""
    doc = span.doc
    if span[-1].lower_ not in BODY_NOUNS or span.end + 1 >= len(doc) or doc[span.end].lower_ != "of":
        return span
    end = span.end + 1
    if doc[end].lower_ == "the":
        end += 1
    start_of_name = end
    while end < len(doc) and doc[end].pos_ == "PROPN" and doc[end].text[:1].isupper() and end - start_of_name < 4:
        end += 1
    return Span(doc, span.start, end, label=span.label_) if end > start_of_name else span


def _unit_of_body(head: Token) -> Span | None:
    """A body's unit named by a capitalised word the NER left out, with its "of" phrase
    naming the body ("Local 12 of the Harbor Transit Workers Union", "Chapter 3 of
    the Tessel Valley Riders Alliance"): the whole name."""
    if head.pos_ != "PROPN" or head.ent_type_ or not head.text[:1].isupper():
        return None
    # (the parse may hang the "of" phrase on the unit's number: "Local 12 of …")
    holders = [head, *(c for c in head.children if c.dep_ == "nummod" and c.i == head.i + 1)]
    of = next((c for h in holders for c in h.children if c.dep_ == "prep" and c.lower_ == "of" and c.i > head.i), None)
    if of is None:
        return None
    body = next((c for c in of.children if c.dep_ == "pobj"), None)
    named = entity_span(body, ("ORG",)) if body is not None else None
    if named is None or named.start not in (of.i + 1, of.i + 1 + (of.nbor().lower_ == "the")):
        return None
    first = head.left_edge if head.left_edge.pos_ in ("PROPN", "NUM") else head
    if any(t.pos_ not in ("PROPN", "NUM") for t in head.doc[first.i : head.i]):
        first = head
    return head.doc[first.i : named.end]


def _named_in_description(subject: Token) -> Token | None:
    """The person a role phrase names, where the parse hung the name lower down: a title
    ("Secretary of the Interior Ryan Zinke": the name is the "of" object) or an appositive
    name on the role's object ("A lawyer for Mr. Grimm, William McGinley, …": a person is
    never another person's appositive, so the name is the lawyer's)."""
    if subject.pos_ == "NOUN" and subject.tag_ == "NN":
        # "The fisherman who spotted Lyle Danner, Corbin Vance, told …": the name the parse
        # apposed to the relative clause's object, just before the subject's verb
        for relcl in (c for c in subject.children if c.dep_ == "relcl"):
            for obj in (c for c in relcl.children if c.dep_ == "dobj" and c.ent_type_ == "PERSON"):
                named = next((c for c in obj.children if c.dep_ == "appos" and c.ent_type_ == "PERSON"), None)
                doc = subject.doc
                if (
                    named is not None
                    and named.i + 2 < len(doc)
                    and doc[named.i + 1].text == ","
                    and doc[named.i + 2] == subject.head
                ):
                    return named
    if subject.lower_ not in ROLE_WORDS:
        return None
    for prep in subject.children:
        if prep.dep_ != "prep":
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.ent_type_ != "PERSON":
                continue
            if (
                prep.lower_ == "of"
                and subject.text[:1].isupper()
                and any(c.dep_ == "compound" and c.ent_type_ != "PERSON" and c.text[:1].isupper() for c in pobj.children)
            ):
                return pobj
            named = next((c for c in pobj.children if c.dep_ == "appos" and c.ent_type_ == "PERSON"), None)
            if named is not None:
                return named
    return None


def _holds_role_for(holder: str, subject: Token, people: ArticlePeople) -> bool:
    """Whether the role `holder` was given is for the named possessor of `subject`, if it has one."""
    owner = next((c for c in subject.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)
    if owner is None:
        return True
    surname = clean_name(owner.text).casefold()
    return any(surname in role.casefold() for role in people.roles.get(holder, ()))


def _known_surname(subject: Token, people: ArticlePeople) -> str | None:
    """The full name of an article's person whose surname the parse took for another word
    ("Long on Monday denied", "Cornyn, according to the source, told": an adverb, a noun):
    a bare capitalised word, not the sentence's common noun ("the Page"), that is the last
    word of a full name the article gives."""
    if not subject.text[:1].isupper() or not subject.is_alpha or subject.lower_ in ROLE_WORDS:
        return None
    if any(c.dep_ in ("det", "poss", "amod", "compound") for c in subject.children):
        return None
    name = people.canonical(subject.text)
    words = name.split()
    return name if len(words) >= 2 and words[-1].casefold() == subject.lower_ else None


def _body_role_just_named(subject: Token, people: ArticlePeople) -> str | None:
    """The person a body's role no one was given points back to ("California Rep. Ed Royce
    questioned it. … the committee chairman said"): the named subject of the sentence just
    before, as a flagged inference. Only for a role of a body ("the committee chairman",
    "the agency director"); a bare "the president" could be anyone the article named."""
    if not any(
        c.dep_ == "compound" and (c.lower_ in BODY_NOUNS or (c.pos_ == "PROPN" and c.text[:1].isupper()))
        for c in subject.children
    ):
        return None  # ("the House speaker", "the Senate leader": a named body's role, too)
    sentence = sentence_of(subject)
    if not sentence.start:
        return None
    before = sentence_of(subject.doc[sentence.start - 1])
    named = [m for m in people.mentions if before.start_char <= m.start < sentence.start_char and m.is_subject]
    return named[-1].name if named and len(named[-1].name.split()) >= 2 else None


def _administration_of(token: Token, people: ArticlePeople) -> str | None:
    """Whose administration a bare "administration" is: the person an earlier one was given
    to ("the Trump administration", "his administration"), nearest first."""
    doc = token.doc
    for i in range(token.i - 1, -1, -1):
        earlier = doc[i]
        if earlier.idx < token.idx - WINDOW_CHARS:
            break
        if earlier.lower_ != "administration":
            continue
        for child in earlier.children:
            if child.dep_ == "poss" and child.lower_ in PRONOUN_GENDER:
                return people.antecedent(child, None)
            if child.dep_ in ("poss", "compound") and child.ent_type_ == "PERSON":
                return _owner_of(child, people)
    return None


def _person_reported_on(subject: Token, people: ArticlePeople) -> str | None:
    """The named person who is the subject of the clause a bare "aides" or "a spokesman"
    reports ("aides say Mr. Ames has consistently opposed it"): whom they speak for."""
    clause = next((c for c in subject.head.children if c.dep_ == "ccomp" and c.i > subject.i), None)
    if subject.dep_ not in ("nsubj", "nsubjpass") or clause is None:
        return None
    named = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    ent = entity_span(named, ("PERSON",)) if named is not None else None
    if ent is None:
        return None
    ent = trimmed_name(ent)
    return people.canonical(clean_name(ent.text), title_gender(ent))


def _or_unresolved(name: str | None, rule: str) -> float:
    return CONFIDENCE[rule] if name else CONFIDENCE["unresolved"]


def _untagged_person(subject: Token, people: ArticlePeople) -> Speaker | None:
    """The person an untagged full name beside its role names (`person_names.titled_names`:
    "Patrice Dunning, the chairwoman of the county board, said"), when the subject is
    that name's last word."""
    for span in titled_names(subject.doc):
        if span.end - 1 == subject.i and span.start < subject.i:
            return Speaker(name=people.canonical(clean_name(span.text)), mention=_span_text(span))
    return None


# "A spokesman for Galvin, Nate Albers," (the tagger read "Galvin, Nate Albers" as one
# organisation): the name apposed after the role and its principal.
_ROLE_THEN_NAME = re.compile(
    r"^(?i:a|an|the)\s+(?:[\w-]+\s+)?(?:spokes(?:wo)?man|spokesperson|aide|lawyer|attorney|adviser|advisor|"
    r"press secretary|representative)\s+(?:for|to|of)\s+[^,]+,\s+"
    r"(?P<name>[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][\w'’-]+),?$"
)


def resolve_subject(subject: Token, people: ArticlePeople, previous: str | None) -> tuple[Speaker, float, str]:
    """(speaker, confidence, rule suffix) for the subject token of a reporting verb."""
    speaker, confidence, rule = _resolve_subject(subject, people, previous)
    if not speaker.name and speaker.description and (named := _ROLE_THEN_NAME.match(speaker.description)):
        name = people.canonical(named.group("name"))
        return speaker.model_copy(update={"name": name}), max(confidence, CONFIDENCE["cue_subject/untagged"]), "cue_subject"
    if speaker.name and speaker.represents is None and (body := _spoken_for(subject, people)) not in (None, speaker.name):
        # "Lydia Armistead, a spokeswoman for the company, said": hers, for the company
        speaker = speaker.model_copy(update={"represents": body})
    return speaker, confidence, rule


def _spoken_for(subject: Token, people: ArticlePeople) -> str | None:
    """Whom a named spokesperson speaks for, by the role beside the name ("X, a spokeswoman
    for the company," / "a spokeswoman for the company, X,")."""
    role = (
        subject
        if ROLE_WORDS.get(subject.lower_) == "spokesperson"
        else next((c for c in subject.children if c.dep_ == "appos" and ROLE_WORDS.get(c.lower_) == "spokesperson"), None)
    )
    return _represented(role, people) if role is not None else None


def _resolve_subject(subject: Token, people: ArticlePeople, previous: str | None) -> tuple[Speaker, float, str]:
    doc = subject.doc
    antecedent = _antecedent_of_relative(subject) if subject.tag_ in ("WP", "WDT") and subject.head.dep_ == "relcl" else None
    described = antecedent
    while described is not None and described.dep_ == "conj" and described.head.i < described.i:
        described = described.head  # ("a retired teacher and block captain who")
    if described is not None and described.dep_ == "appos" and described.head.ent_type_ == "PERSON":
        antecedent = described.head  # "Yolanda Marsh, a retired teacher who said": the person described
    if antecedent is not None and antecedent.tag_ not in ("WP", "WDT"):
        # "Ortiz, who said …": the mention is the relative pronoun (as for "she"), the name its antecedent's.
        speaker, confidence, rule = resolve_subject(antecedent, people, previous)
        mention = TextSpan(start=subject.idx, end=subject.idx + len(subject), text=subject.text)
        return speaker.model_copy(update={"mention": mention}), confidence, rule
    role_appos = next((c for c in subject.children if c.dep_ == "appos" and c.lower_ in ROLE_WORDS), None)
    tagged = entity_span(subject)
    # (not a full name tagged a place: "Hollis Grange, the board's president," is Grange)
    full_name = tagged is not None and len(tagged) >= 2 and all(t.pos_ == "PROPN" and t.is_title for t in tagged)
    if role_appos is not None and not full_name and (subject.ent_type_ != "PERSON" or subject.lower_ in people.not_person):
        # "The Aurora, Colorado councilwoman who …": the parser made the place the head.
        speaker, confidence, rule = resolve_subject(role_appos, people, previous)
        if speaker.name:
            return speaker, confidence, rule
    ent = entity_span(subject)
    if ent is None and (found := _untagged_person(subject, people)) is not None:
        return found, CONFIDENCE["cue_subject/untagged"], "cue_subject"
    if ent is None and subject.pos_ != "PROPN" and (known := _known_surname(subject, people)) is not None:
        mention = TextSpan(start=subject.idx, end=subject.idx + len(subject), text=subject.text)
        return Speaker(name=known, mention=mention), CONFIDENCE["cue_subject/untagged"], "cue_subject"
    if ent is None and subject.dep_ in _MODIFIER_DEPS and subject.pos_ in ("ADV", "ADJ", "NOUN"):
        return Speaker(), CONFIDENCE["cue_no_subject"], "cue_no_subject"  # a modifier, not a name: no subject
    # A dateline the parse made the subject ("HARBOR CITY, Ore. — Keel Freight Corp. said"):
    # the name apposed after its dash speaks.
    dateline = ent is not None and is_dateline(subject)
    if dateline and (described := next((c for c in subject.children if c.dep_ == "appos" and entity_span(c) is None), None)):
        # "CARROWAY, Mo. — A Missouri prosecutor said": the description apposed after the dash speaks
        return _resolve_subject(described, people, previous)
    unit = _unit_of_body(subject) if ent is None else None
    if unit is None and ent is None and subject.lower_ in BODY_NOUNS:
        # "The union, Local 12 of the …, said": the unit apposed to the body noun
        unit = next((u for c in subject.children if c.dep_ == "appos" and (u := _unit_of_body(c)) is not None), None)
    if unit is not None:
        name = clean_name(unit.text)
        return Speaker(name=name, mention=_span_text(unit)), CONFIDENCE["cue_subject"], "cue_subject"
    if ent is None or ent.label_ in ("NORP", "GPE") or dateline:
        # "Shelby Wieman, a spokeswoman" / "a spokeswoman, Shelby Wieman" / "the committee's
        # senior Democrat, Senator Marian Kessler"
        for child in subject.children:
            apposed = entity_span(child) if child.dep_ == "appos" or _apposed_name(child) else None
            if apposed is not None and (ent is None or apposed.label_ == "PERSON" or (dateline and apposed.label_ == "ORG")):
                ent = apposed
                break
    if ent is None and (named := _named_in_description(subject)) is not None:
        ent = entity_span(named)
        # (not the title's "Interior" of "Secretary of the Interior Ryan Zinke")
        while ent is not None and len(ent) > 1 and not ent[0].ent_type_:
            ent = Span(doc, ent.start + 1, ent.end, label=ent.label_)
    if ent is not None and ent.label_ == "ORG" and (resident := resident_named(ent)) is not None:
        ent = resident  # ("Shantel Vereen of Dunmore", tagged an organisation)
    if ent is not None and ent.label_ == "PERSON":
        ent = trimmed_name(ent)
    if ent is not None and ent.label_ == "PERSON" and clean_name(ent.text).casefold() in people.not_person:
        ent = None
    if ent is not None and ent.label_ in ("GPE", "NORP") and len(people.canonical(clean_name(ent.text)).split()) > 1:
        ent = Span(doc, ent.start, ent.end, label="PERSON")  # "Tlaib, doubling down, tweeted": tagged a place
    if ent is not None and (organisation := organisation_shortened(ent, people.orgs)) is not None:
        return Speaker(name=organisation, mention=_span_text(ent)), CONFIDENCE["cue_subject"], "cue_subject"
    if ent is not None and ent.label_ in ("PERSON", "ORG"):
        span = ent
        while len(span) > 1 and span[-1].text in ("'s", "’s"):
            span = span[:-1]
        if ent.label_ == "ORG":
            span = _with_of_phrase(_without_common_owner(span))
        name = clean_name(span.text)
        canonical = people.canonical(name, people.mention_gender(span))
        if ent.label_ == "PERSON":
            name = canonical
        elif canonical.split()[-1].casefold() == name.casefold() and canonical != name:
            name = canonical  # a person's surname the NER labelled an organisation ("Polis said")
        return Speaker(name=name, mention=_span_text(span)), CONFIDENCE["cue_subject"], "cue_subject"
    if subject.pos_ == "PROPN" and subject.ent_type_ not in ("DATE", "TIME", "GPE", "NORP") and subject.text[:1].isupper():
        # A name the NER missed ("Mayor Denise Okafor"): the proper-noun chain ending here
        # (a name is capitalised: "the president" tagged a proper noun is a role).
        first = subject
        while (
            first.i > 0
            and doc[first.i - 1].pos_ == "PROPN"
            and doc[first.i - 1].dep_ in ("compound", "flat")
            and doc[first.i - 1].lower_ not in REPORTING_FORMS  # ("Added Ames:": the verb before the name)
        ):
            first = doc[first.i - 1]
        owner = doc[first.i - 2] if first.i > 1 and doc[first.i - 1].tag_ == "POS" else None
        if owner is not None and owner.dep_ == "poss" and owner.pos_ == "PROPN" and owner.ent_type_ != "PERSON":
            # "The Pell County Sheriff's Office said": one name, its possessive inside it
            first = owner
            while first.i > 0 and doc[first.i - 1].pos_ == "PROPN" and doc[first.i - 1].dep_ in ("compound", "flat"):
                first = doc[first.i - 1]
        span = doc[first.i : subject.i + 1]
        if len(span) == 1 and (
            subject.lower_ in people.common
            or (_plural_noun_opening(subject) and people.canonical(subject.text) == subject.text)  # ("Sanders": a name)
        ):
            # "Poll finds …" with "the poll" elsewhere, "Records show …": a common word
            # opening the sentence, no name.
            return (
                Speaker(description=subject.lower_, mention=_span_text(span)),
                CONFIDENCE["cue_subject/untagged"],
                "cue_subject",
            )
        return (
            Speaker(name=people.canonical(clean_name(span.text), people.mention_gender(span)), mention=_span_text(span)),
            CONFIDENCE["cue_subject/untagged"],
            "cue_subject",
        )
    if subject.lower_ in PRONOUNS:
        mention = TextSpan(start=subject.idx, end=subject.idx + len(subject), text=subject.text)
        if subject.lower_ in PRONOUN_GENDER:  # he, she, and the possessive "his claim", "her remark"
            pointed_to = people.antecedent(subject, previous)
            people.learn_gender(pointed_to, subject.lower_)
            return Speaker(name=pointed_to, mention=mention), _or_unresolved(pointed_to, "cue_pronoun"), "cue_pronoun"
        if subject.lower_ == "it":
            if (paper := document_it_stands_for(subject, people, previous, resolve_subject, _owner_of)) is not None:
                # ("In a complaint filed Monday, X asked … “…,” it says": the complaint's author)
                return paper.model_copy(update={"mention": mention}), CONFIDENCE["cue_pronoun/it_they"], "cue_pronoun"
            if (continued := _unnamed_body_before(subject, people, previous)) is not None:
                # ("Pruitt's office said … It said …": the office again, whom it speaks for)
                return continued.model_copy(update={"mention": mention}), CONFIDENCE["cue_pronoun/it_they"], "cue_pronoun"
            organisation = _organisation_it_means(subject, people, previous)
            return Speaker(name=organisation, mention=mention), _or_unresolved(organisation, "cue_pronoun/it_they"), "cue_pronoun"
        group = plural_antecedent(subject) if subject.lower_ == "they" else None
        joint = group is not None and group.ent_type_ == "PERSON"
        if subject.lower_ == "they" and not joint and (members := members_named_after(subject, people, _owner_of)):
            return joint_speaker(members, mention), CONFIDENCE["cue_pronoun/they_group"], "cue_pronoun"
        if group is not None:
            # "Long and Bosma held a press conference. They said …": the first-named speaks for
            # both; "Aides to Ms. Pelosi disputed it. …, they said": the aides.
            speaker, confidence, rule = group_speaker(group, people, previous, resolve_subject)
            return speaker.model_copy(update={"mention": mention}), min(confidence, CONFIDENCE["cue_pronoun/they_group"]), rule
        if (
            subject.lower_ == "they"
            and previous in people.person_names
            and not spoke_jointly(subject, previous, people, resolve_subject)
        ):
            # One person who spoke last is no "they" ("Nine in 10 voters say they think …"
            # after a voter's quotation); two named together are ("Pelosi and Schumer said …
            # They vowed …").
            return Speaker(mention=mention), _or_unresolved(None, "cue_pronoun/it_they"), "cue_pronoun"
        # they / we: the previous speaker when there was one (often an organisation).
        return Speaker(name=previous, mention=mention), _or_unresolved(previous, "cue_pronoun/it_they"), "cue_pronoun"
    tokens = list(subject.subtree)
    for example in (c for c in subject.children if c.dep_ == "prep" and c.lower_ in _EXAMPLE_PREPOSITIONS):
        # "the indictment, including a trip to Disney World": what it lists, not what it is
        tokens = [t for t in tokens if t.i < example.left_edge.i or t.i > example.right_edge.i]
    if any(t.dep_ == "relcl" for t in tokens):  # "the councilwoman who leaked video …": the head phrase only
        relcl = next(t for t in tokens if t.dep_ == "relcl")
        tokens = [t for t in tokens if t.i < min(r.i for r in relcl.subtree)]
    tokens = _without_edge_marks(_without_time(tokens, subject), subject)[:_MAX_DESCRIPTION_TOKENS]
    tokens = _without_edge_marks(tokens, subject)
    span = doc[tokens[0].i : tokens[-1].i + 1]
    mention = _span_text(span)
    determiners = {c.lower_ for c in (*subject.children, *subject.head.children) if c.dep_ in ("det", "poss")}
    key = "council member" if subject.lower_ == "member" else ROLE_WORDS.get(subject.lower_)
    if key is None and subject.tag_ == "NNS" and subject.lower_ in _PLURAL_VOICES:
        key = _PLURAL_VOICES[subject.lower_]  # "aides say": the people who speak for someone
    definite = bool(determiners & {"the", "this", "that"}) or any(c.dep_ == "poss" for c in subject.children)
    if key is not None and definite:
        holder = people.person_by_role(key, subject.idx)
        if holder is not None and not _holds_role_for(holder, subject, people):
            holder = None  # "Mr. Trump's lawyer" is not the lawyer the article gave Mr. Strzok
        if holder is not None and _former(subject) and not any(_FORMER.search(r) for r in people.roles.get(holder, ())):
            holder = None  # "the former commissioner" is not the one the article made acting commissioner
        if holder is not None:
            return Speaker(name=holder, mention=mention), CONFIDENCE["cue_role"], "cue_role"
        if not people.by_role.get(key) and (person := _body_role_just_named(subject, people)) is not None:
            return Speaker(name=person, mention=mention, inferred=True), CONFIDENCE["cue_role"], "cue_role"
    if key is not None and subject.tag_ != "NNS":
        # The role's holder named later in its paragraph ("A spokesman for Ms. Kowalczyk said
        # ... The spokesman, Devin Marsh, said ..."), as a flagged inference.
        text = doc_text(doc)
        paragraph_end = text.find("\n", subject.idx)
        later = people.person_named_next(key, subject.idx, paragraph_end if paragraph_end >= 0 else len(text))
        if later is not None and _holds_role_for(later, subject, people):
            return Speaker(name=later, mention=mention, inferred=True), CONFIDENCE["cue_role"], "cue_role"
    organisation = company_meant(subject, people) or paper_meant(subject, people)
    if organisation is not None:
        return Speaker(name=organisation, mention=mention), CONFIDENCE["cue_organisation"], "cue_organisation"
    if subject.lower_ in _POLICE_WORDS or subject.lower_ == "authorities":
        police = [org for org in people.orgs_between(0, subject.idx) if "police" in org.casefold()]
        if police:
            return Speaker(name=police[-1], mention=mention), CONFIDENCE["cue_police"], "cue_police"
    body = body_meant(subject, people)
    if body is not None:
        return Speaker(name=body, mention=mention), CONFIDENCE["cue_organisation"], "cue_organisation"
    document = subject.lower_ in DOCUMENT_NOUNS or subject.lower_ in AUTHORED_KINDS
    # (a report keeps its description beside its author's name: how the story's later
    # bare "the report" finds whose it is, `corroborate.align.identities`)
    kept = re.sub(r"\s+", " ", span.text) if subject.lower_ in AUTHORED_KINDS else None
    if document and not any(c.dep_ in ("poss", "prep") for c in subject.children):
        # "The statement said …": the author of the statement the article told of; "X put
        # out a statement that claimed …": the statement's own author; "The report found
        # …" after "X released a report": X.
        author = (
            document_author(subject, people, previous, resolve_subject, _owner_of)
            if definite
            else Speaker(name=author_by_verb(subject, people, previous, resolve_subject))
        )
        if author is not None and author.name is not None:
            return Speaker(name=author.name, mention=mention, description=kept), CONFIDENCE["cue_document"], "cue_document"
        if author is not None and author.represents is not None:
            # ("Her office said in a statement … the statement said": the office, unnamed)
            unnamed = Speaker(mention=mention, description=author.description or kept, represents=author.represents)
            return unnamed, CONFIDENCE["cue_document"], "cue_document"
    owner = next((c for c in subject.children if c.dep_ == "poss"), None)
    if document and owner is not None and owner.lower_ == "its" and owner.i == sentence_of(owner).start:
        # "Its report said": the organisation "it" would be there (not "…, according to its
        # annual reports": the sentence's own subject's)
        its = _organisation_it_means(owner, people, previous)
        if its is not None:
            return Speaker(name=its, mention=mention, description=kept), CONFIDENCE["cue_document"], "cue_document"
    represents = _represented(subject, people)
    if represents is None and document and owner is not None and owner.pos_ == "NOUN":
        represents = body_meant(owner, people)  # ("The department's report said": the department named before)
    if represents is not None and document:
        # "a statement from the committee said": the author speaks.
        return Speaker(name=represents, mention=mention, description=kept), CONFIDENCE["cue_document"], "cue_document"
    inferred = False
    if represents is None and definite and _bare_speaking_for(subject):
        # "Her office said ... The office says": whom the article's last "office" spoke for
        represents = _described_before(subject, people, lambda token: token.lower_ == subject.lower_)
    if represents is None and key in ("spokesperson", "aide") and definite:
        represents = _described_before(subject, people, lambda token: ROLE_WORDS.get(token.lower_) == key)
    # (one the words say whom they speak for, "a spokeswoman for the county clerk's office",
    # "a district spokeswoman", speaks for that, named or not: no guess)
    bare = not any(
        c.dep_ == "poss"
        or (c.dep_ == "prep" and c.lower_ in _SPOKEN_FOR_BY)
        or (c.dep_ == "compound" and (c.lower_ in BODY_NOUNS or c.lower_ in COMPANY_NOUNS))
        for c in subject.children
    )
    if represents is None and key in ("spokesperson", "aide") and bare:
        # "aides say Mr. Ames has opposed it": the person their words are about, as a flagged inference
        represents = _person_reported_on(subject, people)
        inferred = represents is not None
    if represents is None and key in ("spokesperson", "aide") and bare:
        # A bare "a spokesperson": the person the story was just about, as a flagged inference.
        earlier = [m.name for m in people.mentions if subject.idx - WINDOW_CHARS <= m.start < subject.idx]
        holders = [name for name in earlier if people.roles_of(name) & OFFICES]
        if holders or earlier:
            represents, inferred = (holders or earlier)[-1], True
    if subject.tag_ == "NNS" and definite and (bodies := bodies_named_before(subject)):
        # "Lakeshore and Valley Mercy issued a joint statement. The companies said ...": both
        return joint_speaker(bodies, mention), CONFIDENCE["cue_description"], "cue_description"
    if subject.tag_ == "NNS" and represents is None and (members := members_named_after(subject, people, _owner_of)):
        return joint_speaker(members, mention), CONFIDENCE["cue_description"], "cue_description"
    description = re.sub(r"\s+", " ", span.text)
    return (
        Speaker(mention=mention, description=description, represents=represents, inferred=inferred),
        CONFIDENCE["cue_description"],
        "cue_description",
    )


def _unnamed_body_before(pronoun: Token, people: ArticlePeople, previous: str | None) -> Speaker | None:
    """The unnamed body the sentence before's subject describes ("Pruitt's office", "the
    mayor's campaign") when that is whom it speaks for: what "It said" goes on with."""
    sentence = sentence_of(pronoun)
    if not sentence.start or people.orgs_between(sentence.start_char, pronoun.idx):
        return None  # (one its own sentence names first: "The department said it …")
    if (topic := _subject_of(sentence_of(pronoun.doc[sentence.start - 1]))) is None:
        return None
    if topic.pos_ != "NOUN" or topic.lower_ not in BODY_NOUNS:
        return None
    speaker = _resolve_subject(topic, people, previous)[0]
    return speaker if speaker.name is None and speaker.represents is not None else None


def _organisation_it_means(pronoun: Token, people: ArticlePeople, previous: str | None) -> str | None:
    """The organisation "it" (or "its") stands for; "it" is never a person: an
    organisation named earlier in its sentence ("The department said it expected …") or
    in the sentence before, else the previous speaker if an organisation."""
    doc = pronoun.doc
    sentence = sentence_of(pronoun)
    start = sentence_of(doc[sentence.start - 1]).start_char if sentence.start else sentence.start_char
    near = people.orgs_between(start, pronoun.idx)
    # Not one the reported words name ("Social Security numbers ... were also
    # exposed, it said"): the speaker is named before what it says.
    reported = next((c for c in pronoun.head.children if c.dep_ == "ccomp" and c.i < pronoun.i), None)
    if reported is not None:
        end = reported.right_edge.idx + len(reported.right_edge)
        near = people.orgs_between(start, reported.left_edge.idx) + people.orgs_between(end, pronoun.idx)
    # (the last speaker when named nearby: "Acme set aside 40 beds for people leaving Tannery
    # Creek, the company said. By Tuesday, 23 had checked in, it said")
    speaker_near = previous is not None and previous not in people.person_names and previous in doc_text(doc)[start : pronoun.idx]
    fallback = previous if previous and previous not in people.person_names else None
    organisation = previous if speaker_near else near[-1] if near else fallback

    if sentence.start and (topic := _subject_of(sentence_of(doc[sentence.start - 1]))) is not None:
        # "it" goes on with the sentence before's subject, not the last name in it:
        # "The audit ... was reviewed by The Times. It found": the audit's words (its
        # author's, when the article named one: "The board released a report. The report
        # said … It found"); "Acme was faulted by the Sentinel. It said": Acme.
        in_topic = people.orgs_between(topic.left_edge.idx, topic.right_edge.idx + len(topic.right_edge))
        if topic.pos_ == "NOUN" and topic.lower_ in DOCUMENT_KINDS and not in_topic:
            author = _resolve_subject(topic, people, previous)[0].name
            organisation = author
        elif in_topic and not any(c.dep_ == "ccomp" for c in pronoun.head.children if c.i < pronoun.i):
            organisation = in_topic[-1]
        elif not in_topic and topic.pos_ == "NOUN" and (body := body_meant(topic, people)) is not None:
            organisation = body  # "The committee read it differently. Its report said": the committee
    return organisation


def _apposed_name(token: Token) -> bool:
    """A person's name set off by commas that the parse hung on a description as a
    modifier, not an apposition ("the alliance's top lobbyist, Denise Carrow, told")."""
    return (
        token.dep_ == "npadvmod"
        and token.ent_type_ == "PERSON"
        and token.left_edge.i > 0
        and token.doc[token.left_edge.i - 1].text == ","
    )


def _bare_speaking_for(subject: Token) -> bool:
    """ "The office", "the campaign" alone: a noun that speaks for its owner (not "the
    plan": no voice), with no word of its own telling whose."""
    return subject.lower_ in _SPEAKING_FOR and not any(
        c.dep_ in ("amod", "compound", "poss", "prep", "nummod") for c in subject.children
    )


# What speaks for its person: "her office", "his campaign" (not "her plan": no voice).
_SPEAKING_FOR = frozenset("office campaign staff team administration".split())
_EXAMPLE_PREPOSITIONS = frozenset("including excluding like".split())
_FORMER = re.compile(r"\b(?:former|ex|onetime|one-time|retired|previous)\b", re.I)


def _former(subject: Token) -> bool:
    """Whether a role noun says its holder held it before ("the former commissioner")."""
    return any(c.dep_ == "amod" and _FORMER.fullmatch(c.lower_) for c in subject.children)


def _described_before(subject: Token, people: ArticlePeople, alike: Callable[[Token], bool]) -> str | None:
    """Whom "the spokesperson" (or "the office") speaks for: the body or person the
    article's last such noun before it (`alike`) spoke for ("A Bluewater spokesperson
    told Fox News ... The spokesperson noted ..."; "Her office said ... The office says")."""
    doc = subject.doc
    for token in reversed(doc[max(0, subject.i - 400) : subject.i]):
        if token.idx < subject.idx - WINDOW_CHARS:
            break
        if token.pos_ == "NOUN" and alike(token):
            return _represented(token, people)
    return None


def _subject_of(sentence: Span) -> Token | None:
    """The subject a sentence opens with: its first main clause's ("The audit ... was
    first reported by the Sentinel; a copy was reviewed by the Times": the audit)."""
    return next((t for t in sentence if t.dep_ in ("nsubj", "nsubjpass")), None)
