# C.7: the Hunter creeps through the Cargo Hold behind the pipes. The crew, on
# deck 02, hears only the declarations; its route 0-H8 … 0-K9 stays secret.
scenario
seed 3
turn 5 alien
crew hyun 2-H8 role=Captain
crew okeke 2-J9 role=Cook
alien alien1 Hunter 0-G8 piperun
end

alien: move alien 0-K8
expect: Alien: Move
alien: move alien 0-K9
alien: pass
crew: move hyun 2-I8
crew: pass
expect: nothing found
