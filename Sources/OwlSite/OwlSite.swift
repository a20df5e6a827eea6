// The OwlSite module; its code arrives with its issue.
