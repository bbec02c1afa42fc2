# A script that stops at an illegal move: line 11 names the problem.
scenario
seed 1
turn 1 crew
crew hyun 1-F6 role=Captain
alien alien1 Larva 0-J11
end

crew: move hyun 1-G6
expect: Hyun moves 1-F6 → 1-G6
crew: move hyun 0-J11 0-K11 2-X12
crew: pass
