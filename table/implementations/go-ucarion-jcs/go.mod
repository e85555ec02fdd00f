module canon-conformance.table/go-ucarion-jcs

go 1.24

require github.com/ucarion/jcs v0.1.2
