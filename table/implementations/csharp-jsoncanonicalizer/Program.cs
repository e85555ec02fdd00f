// The table's wrapper for the NuGet package JsonCanonicalizer (table/implementations/csharp-jsoncanonicalizer), speaking
// canon-conformance's command protocols (docs/protocol.md):
//
//   dotnet bin/wrapper.dll            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   dotnet bin/wrapper.dll --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The package (Anders Rundgren's .NET code) reads JSON text itself and takes it as bytes
// (new JsonCanonicalizer(byte[]), which decodes them as strict UTF-8 itself): the wrapper hands it the input's
// bytes as they came and writes out the bytes it returns (GetEncodedUTF8()).
using System;
using System.IO;
using System.Text;
using Org.Webpki.JsonCanonicalizer;

static class Wrapper
{
    static byte[] Canon(byte[] bytes) => new JsonCanonicalizer(bytes).GetEncodedUTF8();

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
                byte[] answer;
                try { answer = Canon(line.ToArray()); }
                catch (Exception error) { answer = Encoding.UTF8.GetBytes("!" + Reason(error)); }
                output.Write(answer, 0, answer.Length);
                output.WriteByte((byte)'\n');
                output.Flush();
                line.SetLength(0);
            }
            return 0;
        }
        var all = new MemoryStream();
        input.CopyTo(all);
        try
        {
            var answer = Canon(all.ToArray());
            output.Write(answer, 0, answer.Length);
            output.WriteByte((byte)'\n');
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
