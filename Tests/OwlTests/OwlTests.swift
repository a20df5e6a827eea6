// Tests of Owl arrive with its issue.
