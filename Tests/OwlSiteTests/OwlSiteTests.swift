// Tests of OwlSite arrive with its issue.
