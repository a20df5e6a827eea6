// Tests of OwlServer arrive with its issue.
