"""Filler statements for claim-grouping tests, so that word rarity means something, as
in a real story (written for these tests)."""

FILLER = (
    "The council meets again on Thursday evening at the town hall.",
    "Volunteers handed out sandbags to residents along the river.",
    "The school board postponed its vote on the new bus contract.",
    "A local bakery offered free coffee to the road crews.",
    "The library extended its opening hours for the holidays.",
    "Traffic on the ring road was heavier than usual all week.",
)
