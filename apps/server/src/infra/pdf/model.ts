import type { Annotation } from '@ridgeline/shared/contracts/photos';
import type { PhotosPerPage } from '@ridgeline/shared/domain/documents';
import type { Bucket } from '../storage/storage';

// What the PDF engine draws: a document already resolved into words, numbers and stored images.
// The features that make documents (reports, packets, proposals) build this model; the engine knows
// nothing of the database, tenants or features. Each part gets a bookmark (the PDF outline).

/** A stored image the engine reads through the storage interface while it draws. */
export type PdfImageRef = { bucket: Bucket; path: string };

export type PdfPhoto = {
  id: string;
  /** The best image to print (the large thumbnail when there is one, the original otherwise). */
  image: PdfImageRef;
  /** The original's pixel size, when known (the annotation's fractions are of it). */
  width: number | null;
  height: number | null;
  caption: string;
  /** "Roof · Slope N" as people read it. */
  categoryLabel: string;
  /** Printed as given (already in words): "May 2, 2026, 9:31 AM CDT", "32.77000, -96.79000". */
  capturedAt: string | null;
  gps: string | null;
  /** Without a taken time: when it was added, in words ("Added May 2, 2026, 9:31 AM CDT; the file has no camera time"). */
  addedWords?: string | null;
  /** Without a taken place: the device's location at upload, printed labelled as such. */
  deviceGps?: string | null;
  /** Provenance flags, each its reason in words (decision 039). */
  flags?: string[];
  annotation: Annotation | null;
  /** "Photo 3" under it: the number the evidence appendix gives the photo; null prints none. */
  number: number | null;
};

export type PdfPhotoSection = { title: string; note: string; layout: PhotosPerPage; photos: PdfPhoto[] };

export type PdfCover = {
  title: string;
  companyName: string;
  companyAddress: string | null;
  companyPhone: string | null;
  logo: PdfImageRef | null;
  /** Label and value pairs in the order adjusters read them; a fact with no value is left off the page. */
  facts: { label: string; value: string }[];
  /** The front of the house, printed large under the title. */
  photo?: PdfPhoto | null;
  /** Why the report was made with required photos missing: printed on the cover when set. */
  overrideReason: string | null;
};

/** One photo's evidence line in the appendix. */
export type PdfEvidenceRow = {
  label: string;
  fileName: string;
  sha256: string;
  capturedAt: string;
  receivedAt: string;
  uploader: string;
  /** Where its time and place came from (decision 039): "camera metadata", "device at capture", "device at upload", "none". */
  provenance?: { taken: string; timeSource: string; place: string; placeSource: string; flags: string[] };
};

export type PdfTable = {
  title: string;
  columns: { label: string; align?: 'left' | 'right'; /** Share of the width, 0..1. */ width?: number }[];
  rows: string[][];
  /** Bold rows under the table (totals). */
  footer?: string[][];
};

/**
 * The company's letterhead at the top of a letter's or a proposal's first page: the logo, the name,
 * the address and the phone, all filled in (a document needing it is made only then).
 */
export type PdfLetterhead = { companyName: string; address: string; phone: string; logo: PdfImageRef | null };

export type PdfProposalOption = {
  label: string;
  productLine: string;
  price: string;
  warranty: string;
  terms: string;
  chosen: boolean;
  /** The homeowner's part, line by line ("Deductible", "Insurance pays", "You pay"); the last is printed bold. */
  homeownerPart?: { label: string; value: string }[];
};

export type PdfSignature = { name: string; date: string; signedAt: string; ip: string; image: PdfImageRef };

export type PdfPart =
  | { kind: 'cover'; cover: PdfCover }
  | { kind: 'letter'; body: string; letterhead?: PdfLetterhead | null }
  | { kind: 'photos'; sections: PdfPhotoSection[]; showAnnotations: boolean; showMetadata: boolean }
  | { kind: 'evidence'; intro: string; rows: PdfEvidenceRow[] }
  | { kind: 'tables'; tables: PdfTable[]; notes: string[] }
  | {
      kind: 'proposal';
      letterhead?: PdfLetterhead | null;
      /** Who and what the proposal is for (Prepared for, Property, Claim number...), under its title. */
      facts?: { label: string; value: string }[];
      intro: string;
      options: PdfProposalOption[];
      /** The estimate's lines the options are built from. */
      lineItems?: PdfTable | null;
      /** A few photos of the damage, numbered. */
      photos?: PdfPhoto[];
      /** The homeowner's signature once signed; signature lines to sign on paper before. */
      signature: PdfSignature | null;
    };

/** A part of the document, with its bookmark; photo sections also get bookmarks of their own under it. */
export type PdfSection = { bookmark: string; part: PdfPart };

export type PdfDocumentModel = {
  /** The PDF's title and author (document info). */
  title: string;
  author: string;
  sections: PdfSection[];
};

export type PdfRenderResult = { bytes: Buffer; pageCount: number };
/** A document drawn to a stream: its page count and how many bytes were written. */
export type PdfDrawn = { pageCount: number };
export type PdfStreamed = { pageCount: number; byteLength: number };

/** What an image is drawn as: a logo on the cover or letterhead, a photo in its cell, a drawn signature. */
export type PdfImageKind = 'logo' | 'photo' | 'signature';

/** A stored image at its place in the document: the box it is drawn into, in points (1/72 inch). */
export type PdfImageSlot = { ref: PdfImageRef; kind: PdfImageKind; width: number; height: number };

/**
 * An image as the engine receives it: JPEG (PNG for a signature) bytes made by sharp at the size it
 * is drawn, or none. With no bytes, `note` says in a few words why the image could not be printed
 * (unreadable, over the pixel budget); a null note means nothing is stored to print.
 */
export type PrintedImage = { bytes: Buffer; note: null } | { bytes: null; note: string | null };

/** The render worker's ceilings: its JavaScript heap, and how long a document may take in all. */
export type PdfRenderLimits = { heapMb: number; timeMs: number };

export type PdfRenderOptions = {
  /** Reads a stored image (the storage interface's get). */
  readImage: (ref: PdfImageRef) => Promise<Buffer | null>;
  /** Called as the document is drawn, 0..100, at most a few times a second. */
  onProgress?: (percent: number) => void;
  /** The worker's ceilings (RENDER_LIMITS unless given). */
  limits?: PdfRenderLimits;
};
