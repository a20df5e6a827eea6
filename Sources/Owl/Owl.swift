// The Owl module; its code arrives with its issue.
