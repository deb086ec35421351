"""Who a plural or joint subject is: the group a "they" points back to, the organisations
"the companies" stand for, the people a group's words are credited to, and the speaker of
a joint statement (the first-named, every name in the description).

`corroborate.nlp.speakers` asks, and hands in its own resolvers (`resolve`: its
`resolve_subject`; `owner_of`: the person or organisation a token names) so that this
module need not import it."""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Token

from corroborate.model import Speaker, TextSpan
from corroborate.nlp.people import PRONOUNS, ArticlePeople
from corroborate.nlp.person_names import entity_span
from corroborate.nlp.sentences import across_lines, sentence_of

# (speaker, confidence, rule suffix) for the subject token of a reporting verb.
Resolver = Callable[[Token, ArticlePeople, str | None], tuple[Speaker, float, str]]
# The person or organisation a token names, if any.
OwnerOf = Callable[[Token, ArticlePeople], str | None]


def plural_antecedent(pronoun: Token) -> Token | None:
    """The plural subject a "they" points back to: an earlier subject in its sentence, else
    the subject of the sentence before (its main verb's first), when it is a plural noun
    or names two or more people."""
    doc = pronoun.doc
    sentence = sentence_of(pronoun)
    own = [t for t in doc[sentence.start : pronoun.i] if t.dep_ in ("nsubj", "nsubjpass")]
    before: list[Token] = []
    if sentence.start:
        previous = sentence_of(doc[sentence.start - 1])
        subjects = [t for t in previous if t.dep_ in ("nsubj", "nsubjpass")]
        before = sorted(subjects, key=lambda t: (t.head != previous.root, -t.i))
    for token in [*reversed(own), *before]:
        if token.lower_ in PRONOUNS or across_lines(token, pronoun):  # (another paragraph: not this one's)
            continue
        joint = token.ent_type_ == "PERSON" and any(c.ent_type_ == "PERSON" for c in token.conjuncts)
        if joint or (token.tag_ in ("NNS", "NNPS") and token.pos_ == "NOUN"):
            return token
    return None


def spoke_jointly(pronoun: Token, previous: str, people: ArticlePeople, resolve: Resolver) -> bool:
    """Whether `previous` was named with others as the subject of one verb in the three
    paragraphs before the pronoun ("Pelosi and Schumer said in a statement")."""
    doc = pronoun.doc
    breaks = 0
    for token in reversed(doc[max(0, pronoun.i - 400) : pronoun.i]):
        if token.is_space and "\n" in token.text:
            breaks += 1
            if breaks > 3:
                return False
        # (The parse may join the second name's title, not the name: "Pelosi and Senate Leader Chuck Schumer".)
        joint = token.ent_type_ == "PERSON" and token.dep_ in ("nsubj", "nsubjpass")
        if (
            joint
            and any(c.pos_ in ("PROPN", "NOUN") for c in token.conjuncts)
            and resolve(token, people, None)[0].name == previous
        ):
            return True
    return False


def group_speaker(group: Token, people: ArticlePeople, previous: str | None, resolve: Resolver) -> tuple[Speaker, float, str]:
    """The speaker of a group: the first-named person, the others in the description; or the
    plural description itself ("senior aides to Ms. Pelosi")."""
    speaker, confidence, rule = resolve(group, people, previous)
    members = [group, *(c for c in group.conjuncts if c.ent_type_ == "PERSON")]
    if len(members) > 1 and speaker.name:
        names = [resolve(m, people, previous)[0].name or m.text for m in members]
        speaker = speaker.model_copy(update={"description": ", ".join(names[:-1]) + " and " + names[-1]})
    return speaker, confidence, rule


# Plural nouns of bodies a pair of organisations named just before may be called.
_BODY_PLURALS = frozenset(
    "companies firms systems hospitals networks chains insurers banks unions groups agencies utilities carriers "
    "airlines automakers drugmakers partners".split()
)


def bodies_named_before(subject: Token) -> list[str]:
    """The organisations "the companies" / "the two systems" stand for: two or more named
    together as the subject of the sentence before, in the same paragraph."""
    doc = subject.doc
    if subject.lower_ not in _BODY_PLURALS:
        return []
    sentence = sentence_of(subject)
    for _ in range(2):  # the sentence before, or the one before it ("... Voss said ... The companies said")
        if not sentence.start:
            break
        sentence = sentence_of(doc[sentence.start - 1])
        for token in sentence:
            if token.dep_ not in ("nsubj", "nsubjpass") or token.ent_type_ != "ORG" or across_lines(token, subject):
                continue
            members = [token, *(c for c in token.conjuncts if c.ent_type_ == "ORG")]
            if len(members) >= 2:
                return [entity.text for m in members if (entity := entity_span(m)) is not None]
            # (one span the NER or the parse made of both: "Lakeshore Health and Valley Mercy")
            phrase = re.sub(r"^[Tt]he\s+", "", doc[token.left_edge.i : token.i + 1].text)
            parts = phrase.split(" and ")
            if len(parts) == 2 and all(p[:1].isupper() and len(p.split()) <= 5 for p in parts):
                return parts
    return []


def members_named_after(token: Token, people: ArticlePeople, owner_of: OwnerOf) -> list[str]:
    """The people a group's words are credited to just after them ("Five senators urged him
    to quit. …, they said. The statement came from Sen. Roy Blunt and former Sens. John
    Ashcroft and Kit Bond"): a list of two or more names after "from" or "by", within the
    next paragraph."""
    doc = token.doc
    start = sentence_of(token).end
    breaks = 0
    for t in doc[start : start + 120]:
        if t.is_space and "\n" in t.text:
            breaks += 1
            if breaks > 2:
                break
        if t.ent_type_ == "PERSON" and t.dep_ == "pobj" and t.head.lower_ in ("from", "by"):
            members = _listed_names(t)
            if len(members) >= 2:
                return [owner_of(m, people) or m.text for m in members]
    return []


def _listed_names(first: Token) -> list[Token]:
    """The last words of the names listed from `first` on ("Sen. Roy Blunt, and former Sens.
    John Ashcroft, Kit Bond and Jim Talent"), read along the line: the parse of a long list
    of titled names seldom joins them all as conjuncts."""
    doc = first.doc
    names = [first]
    for t in doc[first.i + 1 : first.i + 40]:
        if (t.is_space and "\n" in t.text) or t.pos_ in ("VERB", "AUX") or t.text in (";", ":"):
            break
        if t.ent_type_ == "PERSON" and (t.i + 1 >= len(doc) or doc[t.i + 1].ent_iob_ != "I"):
            title = t.ent_iob_ == "B" and t.i + 2 < len(doc) and doc[t.i + 1].text == "." and doc[t.i + 2].ent_type_ == "PERSON"
            if not title:  # ("former Govs. Tim Walsh": a title the NER took for a name)
                names.append(t)  # the last word of a name
        elif not (t.is_punct or t.pos_ in ("CCONJ", "ADJ", "PROPN") or t.ent_type_ == "PERSON"):
            break
    return names


def joint_speaker(names: list[str], mention: TextSpan) -> Speaker:
    """A joint statement's speaker: the first-named, every name in the description."""
    return Speaker(name=names[0], mention=mention, description=", ".join(names[:-1]) + " and " + names[-1])
