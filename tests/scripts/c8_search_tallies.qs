# C.8: a human's search tallies a pipe-running alien within range and line of sight.
scenario
seed 7
turn 2 crew
crew hyun 0-L5 role=Captain skill=Tactical     # the Lower Corridor
crew okeke 2-H8 role=Cook                      # far away in the Wardroom
alien alien1 Hunter 0-N5 piperun=0-P5,0-O5,0-N5
alien-side abilities=Agile
end

crew: search hyun 2
expect: spots the alien
expect: tallied by Hyun's search
