// The OwlDiff module; its code arrives with its issue.
