/** A JPEG from its start of scan on: the entropy-coded image, which no metadata writer may touch. */
export const scanOf = (file: Buffer): Buffer => file.subarray(file.indexOf(Buffer.from([0xff, 0xda])));
