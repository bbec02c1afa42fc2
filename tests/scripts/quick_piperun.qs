# A quick-set-up game: the crew sets up at random, the alien by hand; the Larva
# vanishes behind the pipes, creeps about, takes a step back, and the crew searches.
seed 42
crew: quick
alien: ability Clever
alien: larva 0-J11            # the Loading Bay (B.1.3)
expect: The Larva lurks at 0-J11
alien: piperun alien
expect: vanishes behind the pipes at 0-J11
alien: move alien 0-K11
expect: Alien:
undo alien                    # no die was rolled and nothing was revealed
alien: move alien 0-I11 0-I12
alien: wait alien
expect: Alien: Move
alien: pass
crew: pass                    # every human's actions go into searching (C.8)
expect: searches
