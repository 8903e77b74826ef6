<?php

namespace App\Http\Controllers;

use App\Http\Requests\StoreTaskRequest;
use App\Http\Requests\UpdateTaskRequest;
use App\Http\Resources\TaskResource;
use App\Models\Project;
use App\Models\Task;
use Illuminate\Http\Request;
use Illuminate\Http\Resources\Json\AnonymousResourceCollection;
use Illuminate\Http\Response;

class TaskController extends Controller
{
    /**
     * List a project's tasks.
     *
     * Filter with `status` (todo, doing or done).
     */
    public function index(Request $request, Project $project): AnonymousResourceCollection
    {
        $tasks = $project->tasks()
            ->when($request->query('status'), fn ($query, $status) => $query->where('status', $status))
            ->orderBy('due_at')
            ->get();

        return TaskResource::collection($tasks);
    }

    /**
     * Add a task to a project.
     */
    public function store(StoreTaskRequest $request, Project $project): TaskResource
    {
        return new TaskResource($project->tasks()->create($request->validated()));
    }

    /**
     * Show a task.
     */
    public function show(Task $task): TaskResource
    {
        return new TaskResource($task->load('project'));
    }

    /**
     * Update a task.
     */
    public function update(UpdateTaskRequest $request, Task $task): TaskResource
    {
        $task->update($request->validated());

        return new TaskResource($task);
    }

    /**
     * Delete a task.
     */
    public function destroy(Task $task): Response
    {
        $task->delete();

        return response()->noContent();
    }
}
