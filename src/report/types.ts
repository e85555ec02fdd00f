/** Where the reader finds report.html: a file on this machine, or inside the artifact of that name. */
export type ReportPlace = { path: string } | { artifact: string };
