// The table's wrapper for the NuGet package JsonCanonicalizer (table/implementations/csharp-jsoncanonicalizer), speaking
// canon-conformance's command protocols (docs/protocol.md):
//
//   dotnet bin/wrapper.dll            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   dotnet bin/wrapper.dll --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The package (Anders Rundgren's .NET code) reads JSON text itself; the wrapper only refuses bytes that are
// not UTF-8 before it.
using System;
using System.IO;
using System.Text;
using Org.Webpki.JsonCanonicalizer;

static class Wrapper
{
    static readonly UTF8Encoding Strict = new UTF8Encoding(false, true);

    static string Canon(byte[] bytes) => new JsonCanonicalizer(Strict.GetString(bytes)).GetEncodedString();

    static string Reason(Exception error) =>
        (error.GetType().Name + ": " + error.Message).Replace('\r', ' ').Replace('\n', ' ');

    static int Main(string[] args)
    {
        var input = Console.OpenStandardInput();
        var output = new BufferedStream(Console.OpenStandardOutput(), 1 << 16);
        if (args.Length > 0 && args[0] == "--lines")
        {
            var line = new MemoryStream();
            int b;
            while ((b = input.ReadByte()) != -1)
            {
                if (b != '\n') { line.WriteByte((byte)b); continue; }
                string answer;
                try { answer = Canon(line.ToArray()); }
                catch (Exception error) { answer = "!" + Reason(error); }
                var bytes = Encoding.UTF8.GetBytes(answer + "\n");
                output.Write(bytes, 0, bytes.Length);
                output.Flush();
                line.SetLength(0);
            }
            return 0;
        }
        var all = new MemoryStream();
        input.CopyTo(all);
        try
        {
            var bytes = Encoding.UTF8.GetBytes(Canon(all.ToArray()) + "\n");
            output.Write(bytes, 0, bytes.Length);
            output.Flush();
            return 0;
        }
        catch (Exception error)
        {
            Console.Error.WriteLine(Reason(error));
            return 1;
        }
    }
}
