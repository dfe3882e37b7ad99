import type { ReportDocument, ReportPhoto } from '@ridgeline/shared/contracts/documents';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import type { ReactNode } from 'react';
import { PAGE_GRID, paginatePhotos } from '@ridgeline/shared/domain/report-layout';
import { cn } from '../../../lib/cn';
import { APPENDIX_ROWS_PER_PAGE, pagesOfDocument } from './page-count';
import { AnnotationSvg, metadataLines, photoLabel, thumbUrl } from './photo-words';
import { TitledSection } from '../../../components/titled-section';

// The pages as they will print, scaled down: the cover, the photo pages as the PDF lays them
// (each section with its photos per page, sections of one layout sharing a page where a row is
// free, every photo numbered as the appendix numbers it; drawings over the photos and the metadata
// lines when they are shown), and the appendix of every photo's fingerprint and times. The count is
// the one the PDF will have.

type Props = { title: string; sourceLabel: string; document: ReportDocument; photos: ReadonlyMap<string, Photo> };

const COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2' };

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function Page({ n, total, children }: { n: number; total: number; children: ReactNode }) {
  return (
    <li
      aria-label={`Page ${n} of ${total}`}
      className="flex aspect-[17/22] w-full flex-col gap-1 overflow-hidden rounded border border-slate-300 bg-white p-2 text-[7px] leading-tight text-slate-900 shadow-sm"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-1">{children}</div>
      <p className="text-right text-slate-600">{n}</p>
    </li>
  );
}

function PreviewPhoto({
  placed,
  photo,
  document,
  number,
}: {
  placed: ReportPhoto;
  photo: Photo | undefined;
  document: ReportDocument;
  number: number | undefined;
}) {
  const src = thumbUrl(photo);
  return (
    <figure className="flex min-h-0 flex-col gap-0.5">
      <div className="relative min-h-0 flex-1 overflow-hidden bg-slate-200">
        {src && <img src={src} alt="" className="size-full object-contain" draggable={false} />}
        {document.showAnnotations && <AnnotationSvg photo={photo} />}
      </div>
      <figcaption>
        {number !== undefined && <span className="float-right font-semibold">Photo {number}</span>}
        {placed.caption && <span className="block font-semibold">{placed.caption}</span>}
        {document.showMetadata &&
          metadataLines(photo).map((line) => (
            <span key={line} className="block text-slate-600" data-testid="preview-metadata">
              {line}
            </span>
          ))}
      </figcaption>
    </figure>
  );
}

export function PagePreview({ title, sourceLabel, document, photos }: Props) {
  const pages = pagesOfDocument(document);
  const all = document.sections.flatMap((s) => s.photos);
  const photoPages = paginatePhotos(document.sections.map((s) => ({ layout: s.layout, photos: s.photos.length })));
  // Each photo's number: its first place in the report, as the evidence appendix numbers it.
  const numbers = new Map<string, number>();
  for (const placed of all) if (!numbers.has(placed.photoId)) numbers.set(placed.photoId, numbers.size + 1);
  let n = 1;
  return (
    <TitledSection
      id="preview-heading"
      title="Preview"
      className="flex flex-col gap-2"
      headClassName="flex items-baseline justify-between gap-2"
      action={
        <p className="text-sm text-slate-700" data-testid="page-count">
          {pages.total} {pages.total === 1 ? 'page' : 'pages'}
        </p>
      }
    >
      <ol aria-label="Pages" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
        <Page n={n++} total={pages.total}>
          <p className="mt-[30%] text-[10px] font-bold">{title || 'Photo report'}</p>
          <p>{sourceLabel}</p>
          <p className="text-slate-600">{all.length} photos</p>
        </Page>
        {photoPages.map((page, p) => (
          <Page key={`photos-${p}`} n={n++} total={pages.total}>
            {page.rows.map((row) => {
              const section = document.sections[row.section];
              if (!section) return null;
              return (
                <div key={`${section.id}-${row.photos[0] ?? 0}`} className="flex min-h-0 flex-1 flex-col gap-0.5">
                  {row.heading === 'title' && <p className="text-[8px] font-bold">{section.title}</p>}
                  {row.heading === 'title' && section.note && <p className="text-slate-700">{section.note}</p>}
                  {row.heading === 'continued' && <p className="font-semibold text-slate-600">{section.title} (continued)</p>}
                  <div className={cn('grid min-h-0 flex-1 gap-1', COLUMNS[PAGE_GRID[page.layout].cols])}>
                    {row.photos.map((index) => {
                      const placed = section.photos[index];
                      return placed ? (
                        <PreviewPhoto
                          key={placed.photoId}
                          placed={placed}
                          photo={photos.get(placed.photoId)}
                          document={document}
                          number={numbers.get(placed.photoId)}
                        />
                      ) : null;
                    })}
                  </div>
                </div>
              );
            })}
          </Page>
        ))}
        {chunk(all, APPENDIX_ROWS_PER_PAGE).map((rows, i) => (
          <Page key={`appendix-${i}`} n={n++} total={pages.total}>
            {i === 0 && <p className="text-[8px] font-bold">Appendix: photo evidence</p>}
            {rows.map((placed) => {
              const photo = photos.get(placed.photoId);
              return (
                <p key={placed.photoId} className="truncate text-slate-700">
                  {photoLabel(photo)} · SHA-256 {photo ? `${photo.sha256.slice(0, 12)}…` : 'unknown'}
                </p>
              );
            })}
          </Page>
        ))}
      </ol>
    </TitledSection>
  );
}
