// Validates a JUnit file against schemas/junit-10.xsd with libxml2 compiled to WebAssembly (the npm package
// xmllint-wasm), so `npm test` needs nothing but Node: no system xmllint. Never passes a file it could not judge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './cli.ts';

const XSD = readFileSync(join(ROOT, 'schemas', 'junit-10.xsd'), 'utf8');

/** The schema errors of `xml` (empty when valid), each as libxml2 words it: "junit.xml:3: element ...". */
export async function junitErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'junit.xml', contents: xml },
    schema: { fileName: 'junit-10.xsd', contents: XSD },
  });
  if (result.valid) return [];
  const errors = result.errors.map((e) => e.rawMessage);
  // An invalid verdict with no error named would read as valid to a caller that checks the list.
  return errors.length > 0 ? errors : [result.rawOutput || 'invalid, with no message from xmllint'];
}
