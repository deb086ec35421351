"""The word lists the extractors and the story stage read, in one place and without
duplicates: verbs and nouns of speech and thought, denials, hedges, function words.
General knowledge of English news prose, not of any one story."""

from __future__ import annotations

# Verbs too light to state an event of their own ("have", "take", "make"): their
# object or complement states it, if anything does.
LIGHT_VERBS = frozenset("be have do say tell make get take go come give put see know think want need".split())

# Words that deny what their clause states ("none of them", "nobody", "without"); a
# contraction's "n't" is matched apart, as it is spelled.
NEGATION_WORDS = frozenset("not no never none nobody nothing nowhere neither nor without cannot".split())

# Verbs that report speech or writing.
REPORTING_VERBS = frozenset(
    "say tell add write claim deny insist allege note describe warn confirm explain state argue ask reply "
    "respond announce acknowledge admit suggest recall report testify tweet post declare contend maintain "
    "complain predict promise vow urge caution stress emphasize emphasise continue quip joke boast "
    "concede agree observe remark comment assert reveal disclose charge counter shout scream yell whisper "
    "call chant sing read cite characterize characterise label dub brand conclude summarize summarise".split()
    # The rest of English's verbs of communication, by VerbNet's classes (say, manner of
    # speaking, complain, advise, transfer of a message, promise, reply): a general lexicon,
    # so that a cue like "retorted" or "grumbled" needs no story to be found.
    + "mention repeat reiterate recount relate convey divulge confide confess proclaim pronounce affirm reaffirm "
    "aver avow attest profess hint imply insinuate opine posit speculate theorize theorise surmise muse "
    "specify clarify elaborate detail outline recommend propose advise counsel alert inform notify remind assure "
    "reassure brief lecture preach quote recite narrate dictate inquire enquire query interject exclaim blurt "
    "retort rejoin riposte rebut answer concur protest object plead beg lament bemoan decry denounce "
    "grumble gripe grouse moan groan whine wail howl roar bellow holler cry sob murmur mutter mumble stammer "
    "stutter drawl gasp sigh laugh chuckle snap bark growl snarl hiss thunder fume rant rave gush marvel "
    "scoff sniff crow gloat brag tease jest email e-mail text message telephone phone retweet blog "
    "swear vouch certify forecast echo".split()
)


def _inflected(verb: str) -> set[str]:
    """A verb's -s and -ed forms ("deny": "denies", "denied"; "state": "states", "stated")."""
    consonant_y = verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u")
    stem = verb[:-1] if verb.endswith("e") else verb[:-1] + "i" if consonant_y else verb
    third = verb[:-1] + "ies" if consonant_y else verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    return {third, stem + "ed"}


# The reporting verbs' -s and past forms, for a verb fronted before its speaker ("Added
# Ames: …"), which the tagger often takes for the first word of a name.
REPORTING_FORMS = frozenset(
    {form for verb in REPORTING_VERBS for form in _inflected(verb)} | {"said", "says", "told", "tells", "wrote", "writes"}
)

# Verbs of judgement (VerbNet's judgement class, 33, and the praise and blame verbs of news
# prose): no verb of speech, but words quoted as their object or its description are the
# judge's ("Ames blasted “hysterical critics”", "praised the “historic” deal").
JUDGEMENT_VERBS = frozenset(
    "praise laud hail acclaim applaud commend compliment congratulate extol salute honor honour thank welcome "
    "tout champion defend criticize criticise condemn blame fault censure rebuke reprimand reproach scold chide "
    "castigate chastise upbraid berate admonish assail attack blast slam lambaste lambast pan excoriate "
    "mock ridicule deride disparage denigrate belittle vilify demonize demonise dismiss".split()
)

# A reporting or judgement verb's -s and past forms, which a title-case headline runs into
# the name before it ("Howard Dean Tells Convention", "Hillary Clinton Slams Trump").
HEADLINE_VERB_FORMS = REPORTING_FORMS | frozenset(form for verb in JUDGEMENT_VERBS for form in _inflected(verb))

# Verbs of speech with a particle ("shot back", "pointed out that …"): (lemma, particle).
PHRASAL_REPORTING_VERBS = frozenset(
    [("shoot", "back"), ("fire", "back"), ("hit", "back"), ("push", "back"), ("point", "out"), ("chime", "in"),
     ("weigh", "in"), ("spell", "out"), ("lash", "out"), ("cry", "out"), ("speak", "out"), ("speak", "up"),
     ("read", "out"), ("sound", "off"), ("go", "on")]
)  # fmt: skip

# Verbs that report a thought, intention or finding (PolNeAR annotates these as
# attributions); reported with a lower confidence and their own rule name. None reports
# speech: a verb of both kinds (promise, vow, urge, predict, conclude) is a reporting verb.
THOUGHT_VERBS = frozenset(
    "believe think know feel fear worry hope expect want plan intend find show indicate estimate "
    "accuse question doubt understand decide learn hear recognize realize assume wonder "
    "pledge threaten vote demand".split()
)

# Verbs that report words only as a tag right after a quotation ("“And the 11 million?”
# Hannity pressed."): elsewhere they report none ("pressed for a vote").
TAG_VERBS = frozenset("press push prod persist".split())

# Verbs whose object names what was said, with no clause: "denied the allegations",
# "described the abuse in detail", "acknowledged receiving $250,000", "thanked his
# staff", "projected a gain of five seats", "testified about how he …".
OBJECT_REPORTING_VERBS = frozenset(
    "deny acknowledge admit dispute describe detail outline recount predict forecast project thank testify".split()
)

# Reporting verbs that take a clause like "say" does ("officials said the bridge ...").
SAY_LIKE_VERBS = frozenset("say claim allege insist argue contend maintain warn assert charge".split())
# Verbs of intention whose infinitive is what was reported ("vowed to rebuild").
INTENTION_VERBS = frozenset("want plan intend hope expect promise vow pledge threaten vote urge decide".split())

# Cue verbs of a denial: the claim such a quote carries is disputed by its speaker.
DENIAL_CUES = frozenset(
    ["deny", "denied", "denies", "denying", "dispute", "disputed", "disputes", "reject", "rejected", "rejects",
     "refute", "refuted", "refutes", "dismissed", "dismisses", "contested", "contests"]
)  # fmt: skip

# Nouns that name words someone said ("his claim that …", "Okafor's warning that …").
SPEECH_NOUNS = frozenset(
    "claim claims statement statements remark remarks comment comments assertion assertions promise pledge "
    "warning accusation accusations allegation allegations charge insistence argument prediction vow "
    "suggestion declaration description answer reply response".split()
)

# What "deny" denies when it reports speech: a statement or an accusation, or what one
# asserts ("denied the allegations", "denied any involvement", "denied advance
# knowledge of the break-in"). Its other sense withholds a thing: "denied him a permit",
# "denying poor families health care", "denied the request". Word forms, not lemmas:
# the pipeline lemmatises verbs only.
DENIABLE_NOUNS = SPEECH_NOUNS | frozenset(
    "charges report reports rumor rumors rumour rumours story stories account accounts suggestions notion "
    "notions idea ideas knowledge involvement wrongdoing role roles link links tie ties connection connections "
    "responsibility existence guilt participation contact contacts relationship relationships affair affairs "
    "characterization characterisation".split()
)

# The media words are said in when a "that" clause follows ("said in a statement that …",
# "in a written notice issued Thursday that …"): what was said.
STATEMENT_MEDIA = frozenset("statement interview post email letter tweet notice release memo message video filing report".split())

# Subjects that can be a speaker although no entity: people and the documents that speak for them.
SPEAKING_NOUNS = frozenset(
    "people officials official voters supporters protesters members aides aide sources source critics residents "
    "experts analysts advisers advisors lawmakers leaders democrats republicans staff campaign spokesman "
    "spokeswoman spokesperson report statement ad poll survey study letter memo group party crowd".split()
)


# Nouns of people a figure counts: "870 people", "nearly 900 residents", "640 employees"
# and "more than 600 federal workers" count one kind of thing, however each outlet names it.
PEOPLE_NOUNS = frozenset(
    "people persons person residents citizens workers employees staffers members troops soldiers personnel "
    "officers agents volunteers voters students pupils children kids adults patients victims survivors "
    "evacuees migrants refugees immigrants passengers customers consumers borrowers taxpayers recipients "
    "users subscribers applicants inmates prisoners detainees protesters demonstrators participants "
    "respondents households families americans men women individuals".split()
)

# Words that make a claim hedged (a regular expression's alternatives).
HEDGES = (
    r"reportedly",
    r"allegedly",
    r"alleged",
    r"purported(?:ly)?",
    r"apparently",
    r"apparent",
    r"appears? to",
    r"seems? to",
    r"may",
    r"might",
    r"could",
    r"possibly",
    r"probably",
    r"likely",
    r"presumably",
    r"supposedly",
    r"suspected",
    r"rumou?red",
    r"believed to",
    r"thought to",
    r"understood (?:to|that)",
    r"unconfirmed",
    r"unverified",
    r"unclear",
    r"is said to",
    r"are said to",
    r"according to",
)

# Month names and their abbreviations -> the month's number (dates read them; a
# figure before one is a day of the month, not a count).
MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october november december".split(), start=1
    )
}
MONTHS |= {m[:3]: i for m, i in list(MONTHS.items())} | {"sept": 9}

# Nouns of a document an outlet restates, and the kind each is one of: what outlets call
# one document differently ("the report", "the audit", "the inspector general's review")
# share a kind (`assess.documents`; `align.identities` for a document credited as a speaker).
DOCUMENT_KINDS = {
    **dict.fromkeys(["report", "reports", "audit", "review", "findings"], "report"),
    **dict.fromkeys(["poll", "survey"], "poll"),
    **dict.fromkeys(["study", "analysis"], "study"),
    **dict.fromkeys(["indictment", "complaint", "lawsuit", "suit", "filing", "petition"], "filing"),
    **dict.fromkeys(["ruling", "opinion"], "ruling"),
    **dict.fromkeys(["records", "record", "filings", "disclosures", "transcript"], "records"),
}

# Words a statement keeps when it is reworded; content words are the rest.
FUNCTION_WORDS = frozenset(
    "a an the this that these those it its it's is are was were be been being am has have had having do does did "
    "will would shall should can could may might must of to in on at by for with from into onto about as than then "
    "and or but if so not no nor very just really quite also too i me my we us our you your he him his she her they "
    "them their there here what which who whom whose when where why how all any some such own same other "
    "up out over off again once only because while though although until "
    # discourse words: inserting "quite frankly" or "you know" does not alter a statement
    "frankly honestly actually basically really just quite well like kind sort literally certainly clearly "
    "obviously simply know mean".split()
)

# The words a company's name ends with or holds ("Inc.", "Pharmaceuticals", "Power & Light").
COMPANY_NAME_WORDS = frozenset(
    "Inc Inc. Corp Corp. Co Co. Company Corporation LLC Ltd Ltd. Group Holdings Industries Pharmaceuticals Pharma "
    "Products Power Energy Airlines Motors Technologies Systems Partners Bank Capital Foods Brands Labs "
    "Laboratories Therapeutics Logistics Freight Rail Railroad Steel Chemical Chemicals Lines Line Airways "
    "Press Books Publishing Publishers Solutions Consulting Enterprises Ventures Construction Contractors Software".split()
)
_COMPANY_NAME_WORDS_FOLDED = frozenset(word.casefold().rstrip(".") for word in COMPANY_NAME_WORDS)


def names_a_company(name: str, *, folded: bool = False) -> bool:
    """Whether a name says it is a company: a word after its first is one of
    `COMPANY_NAME_WORDS` ("Bluewater Harbor Lines", "Meridale Pharmaceuticals"); `folded`:
    the name is case-folded (an organisation's comparison key)."""
    words = set(name.split()[1:])
    return bool(words & (_COMPANY_NAME_WORDS_FOLDED if folded else COMPANY_NAME_WORDS))


# Nouns by which an article points back to a company it has named ("the company denied").
COMPANY_NOUNS = frozenset(
    "company firm contractor corporation business manufacturer operator developer retailer carrier airline "
    "automaker insurer utility employer builder supplier vendor printer publisher lender".split()
)

# Common nouns news copy sets before a private person's name like a title ("Passenger
# Mike Dorsey said", "Resident Ana Ruiz"): no part of the name.
PERSON_DESCRIPTORS = frozenset(
    "passenger passengers resident residents witness commuter voter parent neighbor neighbour student nurse teacher "
    "worker driver rider customer patient homeowner shopper bystander survivor employee veteran farmer motorist "
    "pedestrian tenant".split()
)
