/**
 * The XMP packet a saved image carries: IPTC's digital source type `trainedAlgorithmicMedia` (the label
 * publishers and platforms read as "made by AI", cited for the EU AI Act's article 50), and the prompt,
 * model, profile name and date. XMP is the one place every format (PNG, JPEG, WebP) and every photo tool
 * reads the same way.
 */

/** IPTC's controlled vocabulary term for media a trained model made from a prompt. */
export const TRAINED_ALGORITHMIC_MEDIA =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

/** Promptcast's own namespace, for what IPTC has no property for: the name of the profile. */
export const PROMPTCAST_XMP_NAMESPACE = 'https://ns.promptcast.app/xmp/1.0/';

/** What the packet says of the entry. */
export interface XmpDescription {
  prompt: string;
  model?: string | undefined;
  profileName?: string | undefined;
  createdAt: number;
}

/** Control characters other than tab and newlines are not allowed in XML 1.0 at all, even escaped. */
const xmlChar = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff)
  );
};

/** Text safe inside an element or a double-quoted attribute. */
export function xmlText(value: string): string {
  return Array.from(value)
    .filter(xmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The whole packet, wrapped in `<?xpacket?>` as readers expect in every container. */
export function xmpPacket(description: XmpDescription): string {
  const attributes = [
    `Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`,
    'xmp:CreatorTool="Promptcast"',
    `xmp:CreateDate="${new Date(description.createdAt).toISOString()}"`,
    ...(description.model ? [`Iptc4xmpExt:AISystemUsed="${xmlText(description.model)}"`] : []),
    ...(description.profileName ? [`promptcast:Profile="${xmlText(description.profileName)}"`] : []),
  ];
  return [
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ` xmlns:promptcast="${PROMPTCAST_XMP_NAMESPACE}"`,
    ` ${attributes.join(' ')}>`,
    // dc:description is what photo tools show as the caption; a language alternative, as XMP requires.
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(description.prompt)}</rdf:li></rdf:Alt></dc:description>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}
