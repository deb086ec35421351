"""Who wrote a document: the author of the statement a definite "the statement" points back
to, the writer a document's participle or relative clause names ("a memo written by X",
"a lawsuit his widow filed"), and the subject of the verb a document hangs from ("X said in
a statement", "X released a report").

`corroborate.nlp.speakers` asks, and hands in its own resolvers (`resolve`: its
`resolve_subject`; `owner_of`: the person or organisation a token names) so that this
module need not import it."""

from __future__ import annotations

from spacy.tokens import Token

from corroborate.model import Speaker
from corroborate.nlp.group_speakers import OwnerOf, Resolver
from corroborate.nlp.lexicon import DOCUMENT_KINDS
from corroborate.nlp.people import WINDOW_CHARS, ArticlePeople
from corroborate.nlp.sentences import across_lines, doc_text, is_dateline

# Nouns for a document that speaks for its author: "a statement from the committee said".
DOCUMENT_NOUNS = frozenset(
    "statement statements release letter memo memorandum email e-mail filing message post tweet notice text".split()
)
# Documents whose findings are their author's to state ("The report found …" after "The
# board released a report"); records are read, not authored ("Records show …").
AUTHORED_KINDS = frozenset(noun for noun, kind in DOCUMENT_KINDS.items() if kind != "records")
# What the subject of does to a report it wrote: "The board released a report", "the
# attorney general filed a lawsuit" (not "cited", "read" or "obtained" it).
_AUTHORING_VERBS = frozenset(
    "release issue publish produce file write compile complete conduct prepare submit unveil post bring "
    "launch deliver present".split()
)
# What a document's writer does to it, as a participle naming them: "a memo written by X",
# "the audit, released by the city auditor" (not "commissioned" or "obtained" by).
_WRITING_VERBS = frozenset("write sign draft author pen release issue publish produce compile conduct prepare".split())


def document_author(
    subject: Token, people: ArticlePeople, previous: str | None, resolve: Resolver, owner_of: OwnerOf
) -> Speaker | None:
    """Who wrote the statement a definite "the statement" points back to: the nearest earlier
    mention of one ("X said in a statement", "X released a statement", "a statement from X"),
    named or not ("Her office said in a statement ... the statement said": the office)."""
    doc = subject.doc
    if (writer := _writer_of(subject, people, owner_of)) is not None:
        return Speaker(name=writer)  # ("The lawsuit Ms. Ruiz filed in May says …": its own clause names its author)
    low = subject.idx - WINDOW_CHARS
    for i in range(subject.i - 1, -1, -1):
        token = doc[i]
        if token.idx < low:
            break
        if (
            token.lemma_.lower() == "sue"
            and token.pos_ == "VERB"
            and subject.lower_ in _STATEMENT_FORMS["suit"] + ("suit",)
            and not _in_headline(token)
        ):
            # "The network sued the state on Monday. ... the lawsuit states": who sued (not a
            # headline's "AG sues": its short names resolve to no one the story names)
            agent = _subject(token)
            if agent is not None and _indefinite(agent):
                # ("A state trooper sued ... The trooper, Ana Ruiz, says": named after, never before)
                named = _named_later(agent, people, owner_of)
                if named is not None:
                    return Speaker(name=named)
            elif agent is not None and agent.lower_ not in DOCUMENT_NOUNS:
                speaker, _, _ = resolve(agent, people, previous)
                if speaker.name is not None:
                    return Speaker(name=speaker.name)
        if token.lower_ not in (subject.lower_, "document", *_STATEMENT_FORMS.get(subject.lower_, ())) or token.pos_ != "NOUN":
            continue
        if (writer := _writer_of(token, people, owner_of)) is not None:
            return Speaker(name=writer)  # "The document, written by the laboratory manager, Russell Tamaki,"
        if token.lower_ == "document":
            continue
        for child in token.children:
            if child.dep_ == "poss" or (child.dep_ == "prep" and child.lower_ in ("from", "by")):
                owner = child if child.dep_ == "poss" else next((c for c in child.children if c.dep_ == "pobj"), None)
                if owner is not None and (found := owner_of(owner, people)) is not None:
                    return Speaker(name=found)
        author = author_speaker_by_verb(token, people, previous, resolve)
        if author is not None and (author.name is not None or author.represents is not None):
            return author
        # (a statement the article told of with no author here, "The statement said …": further back)
    return None


# Who prepares a court filing for the party that files it.
_LAWYERS = frozenset("lawyer lawyers attorney attorneys counsel".split())
# Verbs of stating whose subject, stating "in" a document, wrote it: "Ms. Ruiz says in the
# lawsuit", "the board wrote in its report" (not "pointed to" or "cited" it).
_STATING_VERBS = frozenset("say write argue allege claim contend assert state charge maintain".split())


def _states_in(document: Token, verb: Token) -> bool:
    """Whether the verb's subject states what it says in the document: "X says in the
    lawsuit", "In a complaint filed Monday, X asked the board to ..." (a document the
    clause opens with is its subject's)."""
    if document.dep_ != "pobj" or document.head.lower_ != "in" or document.head.head != verb:
        return False
    subject = _subject(verb)
    return verb.lemma_.lower() in _STATING_VERBS or (subject is not None and document.i < subject.i)


# How many sentences back an "it says" looks for the document it stands for.
_DOCUMENT_SENTENCES_BACK = 3


def document_it_stands_for(
    pronoun: Token, people: ArticlePeople, previous: str | None, resolve: Resolver, owner_of: OwnerOf
) -> Speaker | None:
    """The author of the document an "it" that says something in the present tense stands
    for ("In a complaint filed Monday, X asked the board ... “…,” it says"): the last
    document the three sentences before (or its own, before it) name, when one is there
    and its author is found. A body "says" less often than its papers do."""
    verb = pronoun.head
    if pronoun.lower_ != "it" or verb.tag_ != "VBZ" or verb.lemma_.lower() not in _STATING_VERBS:
        return None
    start = pronoun.sent.start
    for _ in range(_DOCUMENT_SENTENCES_BACK):  # ("The complaint says … It bases … It also says …")
        if start > 0:
            start = pronoun.doc[start - 1].sent.start
    for token in reversed(pronoun.doc[start : pronoun.i]):
        if token.pos_ != "NOUN" or token.lower_ not in AUTHORED_KINDS:
            continue
        if token.dep_ == "nsubj":
            author = document_author(token, people, previous, resolve, owner_of)  # ("…, the complaint says. “…,” it says")
        elif (writer := _writer_of(token, people, owner_of)) is not None:
            author = Speaker(name=writer)
        else:
            author = author_speaker_by_verb(token, people, previous, resolve)
        if author is not None and (author.name is not None or author.represents is not None):
            return author
        return None  # (the nearest document only: its author unknown, nobody's)
    return None


def _subject(verb: Token) -> Token | None:
    """A verb's subject: the one nearest before it, never a dateline ("ALBANY — A trooper sued")."""
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    subjects = [c for c in subjects if not is_dateline(c)] or subjects
    earlier = [c for c in subjects if c.i < verb.i]
    return earlier[-1] if earlier else next(iter(subjects), None)


def _indefinite(noun: Token) -> bool:
    """Whether a noun phrase introduces someone new ("a state trooper"), who is no one named before."""
    return noun.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def _named_later(noun: Token, people: ArticlePeople, owner_of: OwnerOf) -> str | None:
    """Who an indefinite noun phrase turns out to be: the next "the <noun>, <Name>," within
    the window ("A state trooper sued ... The trooper, Ana Ruiz, 38, says")."""
    doc = noun.doc
    high = noun.idx + WINDOW_CHARS
    for token in doc[noun.i + 1 :]:
        if token.idx > high:
            break
        if token.lemma_.lower() != noun.lemma_.lower() or not any(c.dep_ == "det" and c.lower_ == "the" for c in token.children):
            continue
        apposed = next((c for c in token.children if c.dep_ == "appos" and c.ent_type_ in ("PERSON", "ORG")), None)
        if apposed is not None:
            return owner_of(apposed, people)
    return None


def _in_headline(token: Token) -> bool:
    """Whether a token is on the article's first line."""
    first_break = doc_text(token.doc).find("\n")
    return first_break >= 0 and token.idx < first_break


# What "the statement" may point back to by another name: "he issued an apology ... the
# statement said"; a court filing by the other names news gives one ("filed a lawsuit ...
# The suit claims").
_STATEMENT_FORMS = {
    "statement": ("apology", "announcement", "response"),
    "suit": ("lawsuit", "complaint", "petition"),
    "lawsuit": ("suit", "complaint", "petition"),
    "complaint": ("lawsuit", "suit", "petition"),
    "petition": ("lawsuit", "suit", "complaint"),
    "filing": ("lawsuit", "suit", "complaint", "petition"),
}


def _writer_of(document: Token, people: ArticlePeople, owner_of: OwnerOf) -> str | None:
    """Who a document's participle names as its writer: "a memo written by X", "the letter,
    signed by X," (a person apposed to a role named there first: "by the laboratory
    manager, Russell Tamaki"), "the audit, released by the city auditor"; or a relative
    clause its author is the subject of: "a lawsuit his widow filed"."""
    for verb in document.children:
        if verb.dep_ == "relcl" and verb.lemma_.lower() in _AUTHORING_VERBS and not any(c.dep_ == "dobj" for c in verb.children):
            agent = next((c for c in verb.children if c.dep_ == "nsubj" and c.tag_ not in ("WP", "WDT")), None)
            named = (
                agent
                if agent is None
                else next((c for c in agent.children if c.dep_ == "appos" and c.ent_type_ == "PERSON"), agent)
            )
            if named is not None and (found := owner_of(named, people)) is not None:
                return found
        if verb.dep_ != "acl" or verb.lemma_.lower() not in _WRITING_VERBS:
            continue
        for agent in (c for c in verb.children if c.dep_ == "agent"):
            for named in (c for c in agent.children if c.dep_ == "pobj"):
                client = next((c for c in named.children if c.dep_ == "poss"), None)
                if (
                    named.lower_ in _LAWYERS
                    and client is not None
                    and DOCUMENT_KINDS.get(document.lower_) == "filing"
                    and (found := owner_of(client, people)) is not None
                ):
                    return found  # ("The complaint, prepared by Mr. Voigt's lawyer, Ana Ruiz,": his complaint)
                apposed = next((c for c in named.children if c.dep_ == "appos" and c.ent_type_ == "PERSON"), None)
                if apposed is None and named.pos_ == "NOUN":
                    # ("the audit, released by the city auditor, Ann Roe,": the parse hangs her on the audit)
                    apposed = next(
                        (c for c in document.children if c.dep_ == "appos" and c.ent_type_ == "PERSON" and c.i > named.i), None
                    )
                found = owner_of(apposed if apposed is not None else named, people)
                if found is not None:
                    return found
    return None


def author_by_verb(document: Token, people: ArticlePeople, previous: str | None, resolve: Resolver) -> str | None:
    """The name of the subject of the verb a document hangs from: "X said in a statement"."""
    author = author_speaker_by_verb(document, people, previous, resolve)
    return author.name if author is not None else None


def author_speaker_by_verb(document: Token, people: ArticlePeople, previous: str | None, resolve: Resolver) -> Speaker | None:
    """The subject of the verb a document hangs from: "X said in a statement", "X released a statement"."""
    verb = document.head.head if document.dep_ == "pobj" else document.head if document.dep_ == "dobj" else None
    if verb is None or verb.pos_ != "VERB":
        return None
    if document.lower_ in AUTHORED_KINDS and verb.lemma_.lower() not in _AUTHORING_VERBS and not _states_in(document, verb):
        return None  # "Petrakis pointed to a Ledger report": not hers
    agent = _subject(verb)
    if agent is None or agent.lower_ in DOCUMENT_NOUNS or across_lines(agent, document):
        return None
    speaker, _, _ = resolve(agent, people, previous)
    return speaker
