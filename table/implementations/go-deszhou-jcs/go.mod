module canon-conformance.table/go-deszhou-jcs

go 1.24

require github.com/deszhou/jcs v1.0.0
