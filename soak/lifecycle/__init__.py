"""Parts of the "life cycle faults" section (`soak.faults_lifecycle`): killing a server
mid-episode and checking what it left, clients that go away, a judge that fails."""
