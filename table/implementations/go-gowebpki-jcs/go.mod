module canon-conformance.table/go-gowebpki-jcs

go 1.24

require github.com/gowebpki/jcs v1.0.1
