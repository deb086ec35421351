"""Events: which predicates state the same kind of event ("quit the bureau" /
"resigned" / "stepped down"; "suspended" / "put on hold"; "his resignation"), so
claims worded with different verbs can still be compared as one event.

A curated lexicon of news verbs, phrasal verbs and event nouns, each mapped to the
class it names (the class is its first member), from general knowledge of how news
reports the events of politics, courts, business and crime. A predicate not in the
lexicon is its own class. Support verbs ("decided to", "refused to", "plans to") and
support nouns ("the decision to fire") hand the event on to the verb they govern,
with their modality (and, for "refuse" / "fail" / "decline", a negation).
"""

from __future__ import annotations

from functools import lru_cache

from spacy.tokens import Doc, Token

from corroborate.nlp.cues import climbed

# Each line: the class, then the verbs, phrasal verbs and event nouns stating the same event.
_CLASSES = (
    "leave: quit resign depart exit withdraw step_down step_aside drop_out pull_out bow_out resignation departure withdrawal",
    "fire: dismiss sack oust terminate axe let_go expel firing dismissal ouster sacking termination expulsion",
    "suspend: halt pause freeze postpone shelve delay put_on_hold put_off suspension moratorium postponement",
    "reverse: overturn rescind revoke undo repeal overrule roll_back strike_down lift invalidate nullify "
    "throw_out toss_out void reversal repeal rollback",
    "ban: bar prohibit outlaw forbid ban prohibition",
    "oppose: reject resist opposition rejection",
    "support: back endorse embrace favor favour champion endorsement backing",
    "criticize: criticise condemn denounce slam blast rebuke lambaste fault assail chide scold decry "
    "criticism condemnation rebuke",
    "charge: indict indictment charges",
    "begin: start launch commence initiate kick_off",
    "stay: remain",
    "repay: reimburse pay_back refund repayment reimbursement",
    "allow: permit authorize authorise authorization permission",
    "arrest: detain apprehend detention",
    "investigate: probe examine look_into investigation inquiry",
    "defend: stand_by defense defence",
    "praise: hail applaud commend celebrate laud welcome cheer salute",
    "approve: pass adopt ratify okay approval passage adoption ratification",
    "sign: enact sign_into_law",
    "veto: veto",
    "cancel: call_off scrap scrub abandon cancellation",
    "close: shut shut_down closure shutdown",
    "end: conclude finish wrap_up",
    "block: prevent thwart stop",
    "sue: file_suit lawsuit suit",
    "convict: conviction",
    "acquit: acquittal",
    "sentence: sentencing",
    "plead: plea",
    "kill: slay murder killing murder slaying leave_dead",
    "injure: wound injury leave_injured leave_wounded",
    "die: death",
    "shoot: shooting",
    "attack: assault raid",
    "increase: raise boost hike increase jack_up",
    "cut: reduce slash lower trim reduction",
    "expand: enlarge widen expansion",
    "build: construct erect construction",
    "fund: finance funding financing",
    "divert: redirect reallocate reprogram shift transfer diversion",
    "hire: recruit employ hiring",
    "appoint: nominate name tap appointment nomination",
    "elect: election",
    "impeach: impeachment",
    "apologize: apologise apology",
    "retire: retirement",
    "seek: pursue run_for",
    "recognize: recognise recognition",
    "publish: release disclose make_public publication disclosure",
    "meet: meet_with meeting",
    "visit: tour visit stop_by drop_by swing_by",
    "worry: concern alarm",
    "strike: walk_out walk_off go_on_strike strike walkout",
    "attend: sit_in attendance be_present",
    "skip: boycott be_absent absence",
)
_EVENT = {
    word.replace("_", " "): line.split(":")[0] for line in _CLASSES for word in [line.split(":")[0], *line.split(":")[1].split()]
}
_CLASS_NAMES = frozenset(_EVENT.values())
# Classes that state another's negation ("stayed in the race" = did not leave it), so
# that claims compared by event see "is staying in" and "refused to step down" alike.
_NEGATION_OF = {"stay": "leave", "skip": "attend"}
# Verbs whose infinitive is the event they report ("decided to resign", "plans to
# sue"): the claim states that event, with the verb as its modality. The negative
# ones state it did not happen ("refused to resign").
_SUPPORT_VERBS = frozenset(
    "decide plan intend expect want hope try attempt seek aim move vote agree choose opt begin start "
    "continue threaten vow pledge promise offer prepare propose order ask urge push".split()
)
NEGATIVE_SUPPORT = frozenset("refuse decline fail".split())
# Verbs that let or make someone do the event ("allows the administration to use the
# money", "enables the president to divert", "will be allowed to file"): the claim
# states that event, with the verb as its modality. The infinitive may hang on the
# verb as a clause of its own ("allow [the administration to use]").
_CAUSATIVE_VERBS = frozenset("allow enable permit let help force require compel authorize authorise".split())
# Nouns whose infinitive or "that" clause is the event ("the decision to fire him", "a
# plan to build", "made a commitment that he would repay").
_SUPPORT_NOUNS = frozenset(
    "decision plan move vote bid effort attempt order push call proposal intention threat "
    "commitment commitments promise promises pledge vow assurance assurances guarantee".split()
)
# Nouns of how likely an event is ("a one-in-three chance of losing", "the risk that
# the dam fails"): the event is the verb of their "of" phrase or "that" clause.
_CHANCE_NOUNS = frozenset("chance chances odds risk likelihood possibility probability prospect danger".split())
# Verbs that state no event of their own beside an event noun they take as object
# ("announced his resignation", "imposed a ban", "made the decision to fire",
# "handed in her resignation").
_HOLDER_VERBS = frozenset(
    "be have do make take give get announce confirm order issue face impose file bring level lodge press express enter "
    "submit tender hand offer deliver".split()
)
# Verbs by which news comes out ("reports broke that he would repay", "word emerged
# that ..."): with such a subject, the clause they carry is the event.
_NEWS_VERBS = frozenset("break emerge surface come circulate spread leak".split())
_NEWS_NOUNS = frozenset("report reports news word rumor rumors rumour rumours story stories".split())
# Infinitives that state no event of their own ("hope to have a fix", "plan to do that").
_LIGHT = frozenset("be have do make get take go come give put see know think".split())
_MODALS = frozenset("will would shall should can could may might must".split())


def phrasal(verb: Token) -> str:
    """The verb's lemma, with what makes it a phrasal verb the lexicon knows: its
    particle ("stepped down", "paid back"), a fixed adjective ("made public") or a
    fixed prepositional object, on the verb or its object ("put the plan on hold"),
    or its preposition ("ran for")."""
    lemma = verb.lemma_.casefold() or verb.lower_
    for child in verb.children:
        if child.dep_ in ("prt", "advmod", "acomp", "oprd", "ccomp") and f"{lemma} {child.lower_}" in _EVENT:
            return f"{lemma} {child.lower_}"
    for child in verb.children:
        if child.dep_ == "dobj" and f"{lemma} {child.lower_}" in _EVENT:
            return f"{lemma} {child.lower_}"  # "filed suit"
        for grandchild in child.children if child.dep_ in ("dobj", "ccomp") else ():
            if grandchild.dep_ in ("acomp", "oprd", "acl") and f"{lemma} {grandchild.lower_}" in _EVENT:
                # "made the report public" (parsed as a clause), "left three people injured"
                return f"{lemma} {grandchild.lower_}"
    holders = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
    for prep in (c for holder in holders for c in holder.children if c.dep_ in ("prep", "agent")):
        for target in prep.children:
            if target.dep_ == "pobj" and f"{lemma} {prep.lower_} {target.lower_}" in _EVENT:
                return f"{lemma} {prep.lower_} {target.lower_}"
        if prep.head == verb and f"{lemma} {prep.lower_}" in _EVENT:
            return f"{lemma} {prep.lower_}"
    return lemma


def figure_governor(doc: Doc, start: int, end: int) -> str | None:
    """The class of event of the verb a figure's phrase (doc.text[start:end]) depends
    on: "10 people were killed" -> "kill", "fell approximately 200 metres" -> "fall",
    "the toll is 10" -> "be". What a figure measures is as much the act it counts as
    its unit: "missed nine games" and "started nine games" count two things. None when
    no verb governs it (a headline's noun phrase)."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    verb = next((t for t in climbed(span.root, steps=len(doc)) if t.pos_ in ("VERB", "AUX")), None)
    if verb is None:
        return None
    return event_of(phrasal(verb)) if verb.pos_ == "VERB" else verb.lemma_.casefold() or verb.lower_


def event_of(predicate: str | None) -> str | None:
    """The class of event a predicate states: "quit", "resign", "step down" -> "leave";
    a predicate the lexicon does not know is its own class."""
    return None if predicate is None else _EVENT.get(predicate, predicate)


def is_known_class(event: str | None) -> bool:
    """Whether a class of event is one the lexicon names (not a lone predicate of its own)."""
    return event is not None and event in _CLASS_NAMES


def polar(event: str | None, negated: bool) -> tuple[str | None, bool]:
    """An event stated as another's negation in that other's terms: ("stay", False) ->
    ("leave", True). For comparing claims: a claim itself keeps the words' own event
    and negation."""
    if event in _NEGATION_OF:
        return _NEGATION_OF[event], not negated
    return event, negated


def is_event_noun(token: Token) -> bool:
    """A noun the lexicon knows as an event ("resignation", "firing", "bans")."""
    return token.pos_ == "NOUN" and _noun_key(token) in _EVENT


def _noun_key(token: Token) -> str:
    """The form a noun is looked up by: itself, or its singular when only that is an
    event ("imposed bans", "the killings"). Nouns get no lemma from the pipeline
    (`nlp.pipeline.VerbLemmas`), so a plural's comes from lemminflect's dictionary."""
    if token.lower_ in _EVENT:
        return token.lower_
    if token.tag_ == "NNS":
        found = singular(token.lower_)
        if found in _EVENT:
            return found
    return token.lemma_.casefold()


@lru_cache(maxsize=1 << 14)
def singular(plural: str) -> str | None:
    """A plural noun's singular from lemminflect's dictionary (nouns get no lemma from
    the pipeline: `nlp.pipeline.VerbLemmas`); None for a word it does not know."""
    from lemminflect import getAllLemmas

    return next(iter(getAllLemmas(plural, upos="NOUN").get("NOUN", ())), None)


def is_negated(token: Token) -> bool:
    """Whether a verb is negated: "not", or "neither" before it ("neither admitted nor denied")."""
    return any(c.dep_ == "neg" or (c.dep_ == "preconj" and c.lower_ == "neither") for c in token.children)


def _modal(token: Token) -> str | None:
    return next((c.lower_ for c in token.children if c.dep_ == "aux" and c.lower_ in _MODALS), None)


def _infinitive(token: Token) -> Token | None:
    """The verb of a support word's infinitive ("decided to resign", "the decision to
    fire") or, for a noun, of its "that" clause ("a commitment that he would repay")."""
    return next((c for c in token.children if c.dep_ in ("xcomp", "acl") and c.pos_ in ("VERB", "AUX")), None)


def _chanced(noun: Token) -> Token | None:
    """The event a noun of likelihood is about: the verb of its "of" phrase ("a chance
    of losing") or of its clause ("a chance that we could lose")."""
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            verb = next((c for c in child.children if c.dep_ == "pcomp" and c.pos_ == "VERB"), None)
            if verb is not None:
                return verb
        if (
            child.dep_ in ("acl", "relcl")
            and child.pos_ in ("VERB", "AUX")
            and any(c.dep_ == "mark" and c.lower_ == "that" for c in child.children)
        ):
            return child
    return None


def _causative_clause(verb: Token) -> Token | None:
    """The act a causative verb lets or makes someone do, when the parse hangs it as a
    clause of its own ("allow [the port to use]") or, after the verb's object, as an
    adverbial infinitive ("enables the board [to divert]")."""
    has_object = any(c.dep_ == "dobj" for c in verb.children)
    for child in verb.children:
        if child.pos_ not in ("VERB", "AUX"):
            continue
        if child.dep_ == "ccomp" or (
            child.dep_ == "advcl" and has_object and any(c.dep_ == "aux" and c.lower_ == "to" for c in child.children)
        ):
            return child
    return None


def event_verb(verb: Token) -> tuple[Token, bool, str | None]:
    """The verb stating a clause's event, whether it is negated and its modality: a
    support verb hands on to its infinitive ("would not seek to run" -> "run", negated,
    "would"; "refused to resign" -> "resign", negated, "refuse")."""
    negated = is_negated(verb)
    modality = _modal(verb)
    for _ in range(3):
        lemma = verb.lemma_.casefold()
        causative = lemma in _CAUSATIVE_VERBS
        if lemma not in _SUPPORT_VERBS and lemma not in NEGATIVE_SUPPORT and not causative:
            break
        inner = _infinitive(verb)
        if inner is None and causative:
            inner = _causative_clause(verb)
        if (
            inner is None
            or inner.dep_ not in (("xcomp", "ccomp", "advcl") if causative else ("xcomp",))
            or (inner.lemma_.casefold() in _LIGHT and phrasal(inner) not in _EVENT)
        ):
            break  # (a light infinitive states no event: "plans to do just that" stays "plan"; "put on hold" does)
        negated = negated ^ (lemma in NEGATIVE_SUPPORT) ^ is_negated(inner)  # ("did not refuse to go": went)
        modality = lemma
        verb = inner
    return verb, negated, modality


def news_of(verb: Token) -> Token | None:
    """The clause a verb of news coming out carries ("the reports broke that he would
    repay" -> "repay"), when its subject is news ("reports", "word")."""
    if verb.lemma_.casefold() not in _NEWS_VERBS:
        return None
    if not any(c.dep_ == "nsubj" and c.lower_ in _NEWS_NOUNS for c in verb.children):
        return None
    return next((c for c in verb.children if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX")), None)


def event_noun(verb: Token) -> Token | None:
    """The event noun a verb that states no event of its own takes as its object
    ("announced his resignation", "imposed a ban"), the verb of a support noun's
    infinitive ("made the decision to fire ..."), or the event a noun of likelihood is
    about ("had a chance of losing", "there is a risk that it fails"). Only the object:
    a claim whose subject is an event noun ("his resignation takes effect Friday", "the
    firing was a mistake") says something of that event, when or what it was, not that
    it happened."""
    if verb.lemma_.casefold() not in _HOLDER_VERBS:
        return None
    for child in verb.children:
        if child.dep_ in ("dobj", "attr") and (child.lower_ in _CHANCE_NOUNS or child.lemma_.casefold() in _CHANCE_NOUNS):
            inner = _chanced(child)
            if inner is not None:
                return inner
        if child.dep_ != "dobj" or child.pos_ != "NOUN":
            continue
        if _is_support_noun(child):
            inner = _infinitive(child) or _of_clause(child)
            if inner is not None:
                return inner
        if is_event_noun(child):
            return child
    return None


def _is_support_noun(noun: Token) -> bool:
    """ "the decision", "no plans" (nouns get no lemma: a plural is looked up by its singular)."""
    return noun.lower_ in _SUPPORT_NOUNS or (noun.tag_ == "NNS" and singular(noun.lower_) in _SUPPORT_NOUNS)


def _of_clause(noun: Token) -> Token | None:
    """The verb of a support noun's "of" phrase ("no intention of stepping down")."""
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            return next((c for c in child.children if c.dep_ == "pcomp" and c.pos_ == "VERB"), None)
    return None


def denied_by_support_noun(token: Token) -> bool:
    """Whether the verb an event noun handed on is denied by that noun's "no" ("has no
    plans to step down", "no intention of resigning")."""
    holder = token.head.head if token.dep_ == "pcomp" else token.head
    return (
        token.pos_ == "VERB"
        and token.dep_ in ("acl", "xcomp", "pcomp")
        and holder.pos_ == "NOUN"
        and _is_support_noun(holder)
        and any(c.dep_ == "det" and c.lower_ == "no" for c in holder.children)
    )


def event_class(token: Token) -> tuple[str, str | None]:
    """(predicate, class) of a verb or event noun: a verb's phrasal lemma, a noun's form."""
    if token.pos_ == "NOUN":
        key = _noun_key(token)
        return key, event_of(key)
    key = phrasal(token)
    return token.lemma_.casefold(), event_of(key)
