<?php

namespace App\Http\Controllers;

use App\Http\Requests\StoreProjectRequest;
use App\Http\Resources\ProjectResource;
use App\Models\Project;
use Illuminate\Http\Request;
use Illuminate\Http\Resources\Json\AnonymousResourceCollection;
use Illuminate\Http\Response;

class ProjectController extends Controller
{
    /**
     * List my projects.
     */
    public function index(Request $request): AnonymousResourceCollection
    {
        $projects = $request->user()->projects()
            ->withCount('tasks')
            ->when(! $request->boolean('archived'), fn ($query) => $query->where('archived', false))
            ->latest()
            ->paginate(20);

        return ProjectResource::collection($projects);
    }

    /**
     * Create a project.
     */
    public function store(StoreProjectRequest $request): ProjectResource
    {
        $project = $request->user()->projects()->create($request->validated());

        return new ProjectResource($project);
    }

    /**
     * Show a project with its tasks.
     */
    public function show(Project $project): ProjectResource
    {
        return new ProjectResource($project->load('tasks'));
    }

    /**
     * Update a project.
     */
    public function update(StoreProjectRequest $request, Project $project): ProjectResource
    {
        $project->update($request->validated());

        return new ProjectResource($project);
    }

    /**
     * Delete a project and its tasks.
     */
    public function destroy(Project $project): Response
    {
        $project->delete();

        return response()->noContent();
    }
}
