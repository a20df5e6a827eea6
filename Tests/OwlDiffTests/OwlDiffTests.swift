// Tests of OwlDiff arrive with its issue.
