// The OwlServer module; its code arrives with its issue.
