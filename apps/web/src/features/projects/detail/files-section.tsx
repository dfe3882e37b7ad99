import { Download, File, FileImage, FileSpreadsheet, FileText, FolderOpen, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { ProjectFile } from '@ridgeline/shared/contracts/projects';
import { canChangeMadeBy, canManageCompany } from '@ridgeline/shared/domain/roles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useMe } from '../../../lib/api/me';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { PROJECT_FILE_ACCEPT, useDeleteProjectFile, useProjectFiles, useUploadProjectFile } from '../api/files';
import { formatWhen } from './activity-words';
import { ConfirmedDelete } from './confirm-dialog';

/** Why a member sees no Delete on a colleague's file (projects.policy.ts on the server). */
export const FILE_RIGHTS_TEXT = 'A file is deleted by the person who uploaded it, or by an owner or manager.';

/** "820 B", "14.2 KB", "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function FileIcon({ mimeType }: { mimeType: string }) {
  const className = 'size-6 shrink-0 text-slate-600';
  if (mimeType.startsWith('image/')) return <FileImage aria-hidden="true" className={className} />;
  if (mimeType === 'application/pdf' || mimeType.includes('word') || mimeType.includes('presentation'))
    return <FileText aria-hidden="true" className={className} />;
  if (mimeType.includes('sheet') || mimeType.includes('excel')) return <FileSpreadsheet aria-hidden="true" className={className} />;
  return <File aria-hidden="true" className={className} />;
}

function FileRow({ file, projectId }: { file: ProjectFile; projectId: string }) {
  const remove = useDeleteProjectFile(projectId);
  const me = useMe().data;
  const role = me?.company?.role ?? null;
  const canDelete = me !== undefined && role !== null && canChangeMadeBy(role, me.id, file.uploadedBy?.id ?? null);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <FileIcon mimeType={file.mimeType} />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate font-medium text-slate-900">{file.fileName}</p>
        <p className="text-xs text-slate-700">
          {formatBytes(file.fileSize)} · {file.uploadedBy?.name ?? 'Someone'} · <time dateTime={file.createdAt}>{formatWhen(file.createdAt)}</time>
        </p>
      </div>
      <Button asChild variant="ghost" size="icon">
        <a href={file.url} download={file.fileName} target="_blank" rel="noopener noreferrer">
          <Download aria-hidden="true" className="size-4" />
          <span className="sr-only">Download {file.fileName}</span>
        </a>
      </Button>
      {canDelete && (
        <ConfirmedDelete
          label={`Delete ${file.fileName}`}
          title="Delete this file?"
          confirmLabel="Delete file"
          busy={remove.isPending}
          run={() => remove.mutateAsync(file.id)}
          done={{ title: 'File deleted', description: `${file.fileName} was removed from the claim file.` }}
          failedTitle="File not deleted"
        >
          {file.fileName} will be removed from this claim file for everyone. This cannot be undone.
        </ConfirmedDelete>
      )}
    </li>
  );
}

export function FilesSection({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const me = useMe().data;
  const limited = me?.company ? !canManageCompany(me.company.role) : false;
  const upload = useUploadProjectFile(projectId);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again uploads it again.
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: () => notify.success('File uploaded', `${file.name} is on the claim file.`),
      onError: (error) => {
        setUploadError(`${file.name}: ${errorText(error)}`);
        notify.error('Upload failed', errorText(error));
      },
    });
  };

  return (
    <Card aria-labelledby="files-heading" className="flex flex-col gap-3">
      <CardTitle id="files-heading">Files</CardTitle>
      <div className="flex flex-col gap-1">
        <Label
          htmlFor={inputId}
          className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-50 has-[:focus-visible]:outline-2"
        >
          <Upload aria-hidden="true" className="size-4" />
          Upload a file
        </Label>
        <Input
          id={inputId}
          type="file"
          accept={PROJECT_FILE_ACCEPT}
          aria-describedby={hintId}
          disabled={upload.isPending}
          onChange={onChoose}
          className="sr-only w-px"
        />
        <p id={hintId} className="text-xs text-slate-600">
          PDF, photos and Office documents.
        </p>
        {upload.isPending && (
          <p role="status" className="text-sm text-slate-700">
            Uploading {upload.variables?.name ?? 'the file'}…
          </p>
        )}
        {uploadError && <Alert>{uploadError}</Alert>}
      </div>
      {files.isPending && <p role="status">Loading the files…</p>}
      {files.isError && <Alert>{errorText(files.error)}</Alert>}
      {files.data &&
        (files.data.files.length === 0 ? (
          <EmptyState icon={<FolderOpen aria-hidden="true" className="size-6" />} title="No files yet">
            Upload the policy, the adjuster's estimate, photos and signed documents.
          </EmptyState>
        ) : (
          <>
            {limited && <p className="text-sm text-slate-700">{FILE_RIGHTS_TEXT}</p>}
            <ul className="flex flex-col divide-y divide-slate-200" aria-label="Files">
              {files.data.files.map((file) => (
                <FileRow key={file.id} file={file} projectId={projectId} />
              ))}
            </ul>
          </>
        ))}
    </Card>
  );
}
